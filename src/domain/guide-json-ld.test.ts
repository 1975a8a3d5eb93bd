import { describe, expect, it } from 'vitest';
import { guideJsonLd } from './guide-json-ld';

const base = {
  url: 'https://www.tuppence.test/guides/best-afternoon-tea-in-london',
  headline: 'Best afternoon tea in London',
  description: 'Our pick of afternoon tea deals.',
  publishedAt: new Date('2026-11-01T10:00:00Z'),
  modifiedAt: new Date('2026-11-20T09:30:00Z'),
  publisherName: 'Tuppence',
  publisherLogo: 'https://www.tuppence.test/brand/tuppence.svg',
};

describe('guide JSON-LD (each guide has Article / ItemList JSON-LD)', () => {
  it('describes the guide as an Article and its deals as a numbered ItemList in page order', () => {
    const graph = JSON.parse(
      guideJsonLd({
        ...base,
        items: [
          { url: 'https://www.tuppence.test/deal/10', name: 'Champagne afternoon tea for two' },
          { url: 'https://www.tuppence.test/deal/7', name: 'Classic afternoon tea' },
        ],
      }),
    );
    const [article, list] = graph['@graph'];
    expect(article).toMatchObject({
      '@type': 'Article',
      headline: 'Best afternoon tea in London',
      datePublished: '2026-11-01T10:00:00.000Z',
      dateModified: '2026-11-20T09:30:00.000Z',
    });
    expect(list['@type']).toBe('ItemList');
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListElement.map((item: { position: number; url: string }) => [item.position, item.url])).toEqual([
      [1, 'https://www.tuppence.test/deal/10'],
      [2, 'https://www.tuppence.test/deal/7'],
    ]);
  });

  it("never lets an editor's text close the script element", () => {
    const text = guideJsonLd({ ...base, headline: '</script><script>alert(1)</script>', items: [] });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)['@graph'][0].headline).toBe('</script><script>alert(1)</script>');
  });
});
