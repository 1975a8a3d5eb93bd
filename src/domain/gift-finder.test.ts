import { describe, expect, it } from 'vitest';
import {
  GIFT_CAROUSEL_SIZE,
  GIFT_FINDER_PAGE_SIZE,
  GIFT_FINDER_PRICE_STEPS,
  GIFT_PERSONALITIES,
  GIFT_RECIPIENTS,
  GIFT_SECTIONS,
  giftFinderPath,
  giftFinderTitle,
  giftFinderUrl,
  parseGiftFinderFilter,
  priceStepBounds,
  priceStepLabel,
  recipientBySlug,
} from './gift-finder';
import { resolvePageType } from './page-type';

describe('spec 2 gift recipients, personalities and sections', () => {
  it('are the spec lists, in order', () => {
    expect(GIFT_RECIPIENTS.map((r) => r.name)).toEqual([
      'Mum',
      'Dad',
      'Hubby',
      'Wifey',
      'Little Ones',
      'Teen',
      'Grandparents',
      'BFF',
      'Colleague',
    ]);
    expect(GIFT_PERSONALITIES.map((p) => p.name)).toEqual([
      'Playful',
      'Indulgent',
      'Insta-famous',
      'Geeky',
      'Giggly',
      'Gorgeous',
      'Active',
      'Pampered',
      'Jet Setter',
      'Daredevil',
    ]);
    expect(GIFT_SECTIONS.map((s) => s.slug)).toEqual(['interest', 'occasion', 'recipient', 'type', 'valentines']);
  });

  it('every recipient has a category its finder opens on from /gifts', () => {
    for (const recipient of GIFT_RECIPIENTS) expect(recipient.hubCategory).toBeTruthy();
  });
});

describe('spec 9: gift finder page size 12, carousel 20, price steps 0, 10, 20, 50, 100', () => {
  it('has the constants', () => {
    expect(GIFT_FINDER_PAGE_SIZE).toBe(12);
    expect(GIFT_CAROUSEL_SIZE).toBe(20);
    expect(GIFT_FINDER_PRICE_STEPS).toEqual([0, 10, 20, 50, 100]);
  });

  it('a step runs up to the next one; the last has no top', () => {
    expect(priceStepBounds(0)).toEqual({ minPriceMinor: 0, maxPriceMinor: 999 });
    expect(priceStepBounds(20)).toEqual({ minPriceMinor: 2000, maxPriceMinor: 4999 });
    expect(priceStepBounds(100)).toEqual({ minPriceMinor: 10000 });
    expect(priceStepBounds(undefined)).toEqual({});
    expect(priceStepLabel(0)).toBe('Under £10');
    expect(priceStepLabel(50)).toBe('£50 to £100');
    expect(priceStepLabel(100)).toBe('£100 and over');
  });

  it('reads ?personality=, ?price= and ?page=, ignoring what is not one of them', () => {
    const filter = parseGiftFinderFilter(new URLSearchParams('personality=Jet-Setter&price=20&page=2'));
    expect(filter.personality?.name).toBe('Jet Setter');
    expect(filter.priceFrom).toBe(20);
    expect(filter.page).toBe(2);
    const junk = parseGiftFinderFilter(new URLSearchParams('personality=grumpy&price=15&page=-3'));
    expect(junk).toEqual({ personality: undefined, priceFrom: undefined, page: 1 });
    // An empty price is no price step (not the 0 step).
    expect(parseGiftFinderFilter(new URLSearchParams('price=')).priceFrom).toBeUndefined();
  });
});

describe('spec 2: {location}/{category}/gift-finder with an optional gifts-for-{recipient} segment', () => {
  const knownLocations = new Set(['london', 'national-deal']);

  it('builds paths the path classifier reads back as the gift finder', () => {
    const path = giftFinderPath('london', 'beauty', 'mum');
    // spec 2 writes the finder without /deals: the canonical form.
    expect(path).toBe('/london/beauty/gift-finder/gifts-for-mum');
    expect(resolvePageType(path, { knownLocations })).toMatchObject({
      pageType: 'gift-finder',
      location: 'london',
      category: 'beauty',
      giftRecipient: 'mum',
      layout: 'gift',
    });
    const plain = resolvePageType(giftFinderPath('london', 'beauty'), { knownLocations });
    expect(plain).toMatchObject({ pageType: 'gift-finder', location: 'london', category: 'beauty' });
    expect(plain.giftRecipient).toBeUndefined();
  });

  it('page 1 is the clean URL; refinements travel as parameters', () => {
    const mum = recipientBySlug('mum');
    expect(mum?.name).toBe('Mum');
    const path = giftFinderPath('london', 'beauty', 'mum');
    expect(giftFinderUrl(path, { personality: undefined, priceFrom: undefined }, 1)).toBe(path);
    expect(giftFinderUrl(path, { personality: GIFT_PERSONALITIES[7], priceFrom: 10 }, 3)).toBe(
      `${path}?personality=pampered&price=10&page=3`,
    );
  });

  it('titles the page for search engines', () => {
    expect(giftFinderTitle({ locationName: 'London', categoryName: 'Beauty', recipient: recipientBySlug('mum') })).toBe(
      'Beauty Gifts for Mum in London',
    );
  });
});
