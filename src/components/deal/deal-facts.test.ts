import { describe, expect, it } from 'vitest';
import type { DealDetail } from '@/contracts/deal-detail';
import { closingText, dealCrumbs, dealJsonLd, decimalPrice, scriptSafeJson, showsDealReviews } from './deal-facts';

const now = new Date('2026-11-23T12:00:00Z');

function deal(overrides: Partial<DealDetail> = {}): DealDetail {
  const money = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });
  const product = {
    id: 1,
    title: 'Spa day for one',
    price: money(2599),
    originalPrice: money(6000),
    postagePrice: money(0),
    shownPrice: money(2599),
    discountPercentage: 57,
    minPeople: 1,
    numberOfNights: null,
    checkInDate: null,
    checkOutDate: null,
    hasDeposit: false,
    depositPrice: null,
    vipExclusive: false,
    isSoldOut: false,
    remaining: null,
    remainingForDay: null,
    purchaseCap: null,
    savingEvidence: null as DealDetail['products'][number]['savingEvidence'],
  };
  return {
    id: 31000001,
    headline: 'Spa day with lunch at Calm Rooms, Leeds',
    title: 'Spa day',
    description: 'A calm day.',
    highlights: [],
    finePrint: [],
    url: '/deal/31000001',
    priceDisplayMode: 'show-discount',
    productDisplay: { type: 'grid' },
    pricePerPerson: false,
    isTravel: false,
    dealType: 'standard',
    deliveryType: 'e-voucher',
    bookingCalendarOnRedemption: false,
    isPreview: false,
    closingDate: '2026-12-20T18:00:00.000Z',
    isClosed: false,
    boughtCount: 10,
    reviewAverage: 4.2,
    reviewCount: 12,
    purchaseCap: null,
    merchant: {
      id: 1,
      name: 'Calm Rooms',
      addressLine1: '1 Street',
      town: 'Leeds',
      postcode: 'LS1 1AA',
      phone: '0113 000 0000',
      website: null,
      bookingHours: null,
    },
    location: { shortName: 'leeds', name: 'Leeds' },
    category: { id: 2, name: 'Beauty', shortName: 'beauty' },
    subCategory: { id: 20, name: 'Spa', shortName: 'spa' },
    images: [{ url: '/images/deals/spa/31000001-0.svg', width: 800, height: 500, alt: 'Spa' }],
    video: null,
    products: [product, { ...product, id: 2, price: money(1999), shownPrice: money(1999), vipExclusive: true }],
    isSoldOut: false,
    ...overrides,
  };
}

const absolute = (path: string) => new URL(path, 'https://www.tuppence.test').toString();

describe('closing text', () => {
  it.each([
    ['2026-11-26T11:00:00Z', 'Ends in 3 days'],
    ['2026-11-24T06:00:00Z', 'Ends in 1 day'],
    ['2026-12-20T18:00:00Z', 'Ends 20 December 2026'],
    ['2026-11-20T18:00:00Z', 'Ended 20 November 2026'],
  ])('%s reads "%s"', (closing, expected) => {
    expect(closingText(closing, now)).toBe(expected);
  });
});

describe('spec 9: reviews show when the average is at least 3.5', () => {
  it.each([
    [3.5, 4, true],
    [3.4, 40, false],
    [null, 0, false],
    [4.8, 0, false],
  ])('average %s with %i reviews: %s', (reviewAverage, reviewCount, shown) => {
    expect(showsDealReviews({ reviewAverage, reviewCount })).toBe(shown);
  });
});

describe('deal JSON-LD', () => {
  it('describes a Product with a GBP Offer priced from the cheapest option a guest can buy', () => {
    const ld = dealJsonLd(deal(), absolute);
    const [product, crumbs] = ld['@graph'] as Record<string, unknown>[];
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Spa day with lunch at Calm Rooms, Leeds',
      brand: { name: 'Calm Rooms' },
      image: ['https://www.tuppence.test/images/deals/spa/31000001-0.svg'],
      offers: {
        '@type': 'Offer',
        price: '25.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        validThrough: '2026-12-20T18:00:00.000Z',
        url: 'https://www.tuppence.test/deal/31000001',
      },
      aggregateRating: { ratingValue: '4.2', reviewCount: 12 },
    });
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    const names = ((crumbs?.itemListElement ?? []) as { name: string }[]).map((item) => item.name);
    expect(names).toEqual(['Home', 'Leeds', 'Beauty', 'Spa day with lunch at Calm Rooms, Leeds']);
  });

  it('says SoldOut for a sold-out or ended deal, and leaves out the rating under 3.5', () => {
    const [product] = dealJsonLd(deal({ isSoldOut: true, reviewAverage: 3.1 }), absolute)['@graph'] as Record<
      string,
      unknown
    >[];
    expect(product).toMatchObject({ offers: { availability: 'https://schema.org/SoldOut' } });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('the struck-through "was" price is in the JSON-LD only with current evidence', () => {
    const unproven = dealJsonLd(deal(), absolute)['@graph'] as Record<string, { priceSpecification?: unknown }>[];
    expect(unproven[0]?.offers).not.toHaveProperty('priceSpecification');
    const base = deal();
    const evidence = {
      source: 'merchant_price_list' as const,
      sourceName: 'Calm Rooms',
      checkedAt: '2026-11-20T09:00:00.000Z',
      checkedByName: 'Ana',
    };
    const proven = deal({ products: base.products.map((p) => ({ ...p, savingEvidence: evidence })) });
    const [product] = dealJsonLd(proven, absolute)['@graph'] as Record<string, unknown>[];
    expect(product).toMatchObject({
      offers: {
        price: '25.99',
        priceSpecification: {
          priceType: 'https://schema.org/StrikethroughPrice',
          price: '60.00',
          priceCurrency: 'GBP',
        },
      },
    });
  });

  it('DMCC Act 2024: a posted deal offers what one unit costs with standard delivery, its "was" price with the same postage', () => {
    const [first] = deal().products;
    if (first === undefined) throw new Error('no option');
    const evidence = {
      source: 'retailer' as const,
      sourceName: 'Argos',
      checkedAt: '2026-11-20T09:00:00.000Z',
      checkedByName: 'Ana',
    };
    const posted = deal({
      deliveryType: 'postal',
      products: [
        // Cheapest by price, not once delivered: the offer is the one that costs least delivered.
        {
          ...first,
          id: 3,
          price: { amountMinor: 13_000, currency: 'GBP' },
          postagePrice: { amountMinor: 1_500, currency: 'GBP' },
          shownPrice: { amountMinor: 14_500, currency: 'GBP' },
        },
        {
          ...first,
          id: 4,
          price: { amountMinor: 13_700, currency: 'GBP' },
          originalPrice: { amountMinor: 19_900, currency: 'GBP' },
          postagePrice: { amountMinor: 499, currency: 'GBP' },
          shownPrice: { amountMinor: 14_199, currency: 'GBP' },
          savingEvidence: evidence,
        },
      ],
    });
    const [product] = dealJsonLd(posted, absolute)['@graph'] as Record<string, unknown>[];
    expect(product).toMatchObject({
      offers: { price: '141.99', priceSpecification: { price: '203.99' } },
    });
  });

  it('prices are decimal strings from pence and script text cannot close the element', () => {
    expect(decimalPrice(2500)).toBe('25.00');
    expect(decimalPrice(5)).toBe('0.05');
    expect(scriptSafeJson({ name: '</script><b>' })).not.toContain('</script>');
  });

  it('breadcrumbs include the sub-category on the page', () => {
    expect(dealCrumbs(deal()).map((c) => c.label)).toEqual(['Home', 'Leeds', 'Beauty', 'Spa', deal().headline]);
  });
});
