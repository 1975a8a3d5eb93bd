import { describe, expect, it } from 'vitest';
import { GuideContentSchema, guideFormErrors, guideFormValues, readGuideForm } from './guide';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const valid = {
  displayName: 'Spa days near Manchester',
  description: 'The best spa day deals in and around Manchester.',
  text: 'Line one\r\nLine two',
  location: 'Manchester',
  category: 'beauty',
  subCategory: 'spa',
  minPrice: '£20',
  maxPrice: '59.99',
  orderBy: 'price',
  direction: 'asc',
  excludeIds: '12, 15 18',
  pageSize: '12',
  listicleView: 'on',
  listicle: '101 | A calm hotel spa\n#202 | Great for couples | with lunch',
};

describe('the guide editor form (spec 3 guide feed configuration)', () => {
  it('reads prices in pounds as pence, ids, picks and line ends the way an editor typed them', () => {
    const content = GuideContentSchema.parse(readGuideForm(form(valid)));
    expect(content.text).toBe('Line one\nLine two');
    expect(content.feed).toMatchObject({
      location: 'manchester',
      minPriceMinor: 2000,
      maxPriceMinor: 5999,
      orderBy: 'price',
      direction: 'asc',
      excludeIds: [12, 15, 18],
      pageSize: 12,
    });
    expect(content.listicle).toEqual([
      { dealId: 101, writeUp: 'A calm hotel spa' },
      { dealId: 202, writeUp: 'Great for couples | with lunch' },
    ]);
  });

  it('gives back the same form it read (the editor opens a saved version unchanged)', () => {
    const content = GuideContentSchema.parse(readGuideForm(form(valid)));
    const again = GuideContentSchema.parse(readGuideForm(form({ ...guideFormValues(content), listicleView: 'on' })));
    expect(again).toEqual(content);
  });

  it.each([
    ['spec 9: at most 30 deals a guide', { pageSize: '31' }, 'Feed (pageSize)'],
    [
      'a minimum above the maximum',
      { minPrice: '80', maxPrice: '20' },
      'The minimum price must not be above the maximum price',
    ],
    ['a price that is not money', { minPrice: 'ten pounds' }, 'Feed (minPriceMinor)'],
    [
      'a redirect to another scheme',
      { redirectUrl: 'javascript:alert(1)' },
      'Use a site path such as /guides/spa-days',
    ],
    [
      'a sub-category without its category',
      { category: '', subCategory: 'spa' },
      'Choose the category the sub-category belongs to',
    ],
    ['a pick without a write-up', { listicle: '101 |' }, 'Write a line about this pick'],
  ])('refuses %s with a message the editor can act on', (_story, change, message) => {
    const parsed = GuideContentSchema.safeParse(readGuideForm(form({ ...valid, ...change })));
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(guideFormErrors(parsed.error).join(' · ')).toContain(message);
  });
});
