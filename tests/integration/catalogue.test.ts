/**
 * The catalogue as a shopper meets it, on embedded PGlite: seeded, listed by location,
 * one deal with its options, and the header navigation (spec 2, spec 3, spec 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCatalogueEmpty, seedCatalogue } from '../../scripts/seed';
import {
  clearCatalogueCaches,
  countDeals,
  listDeals,
  retrieveCategory,
  retrieveDeal,
  retrieveHeaderData,
  retrieveLocation,
} from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';

describe.each(embedded)('catalogue on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    expect(await isCatalogueEmpty(database.db)).toBe(true);
    await seedCatalogue(database.db, { deals: 600, seed: 7 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('spec 3: London is the default location and Scottish cities exist', async () => {
    const london = await retrieveLocation(database.db, 'london');
    expect(london).toMatchObject({ name: 'London', countryCode: 'gb', isDefault: true });
    for (const city of ['glasgow', 'edinburgh', 'aberdeen']) {
      expect(await retrieveLocation(database.db, city)).not.toBeNull();
    }
    expect(await retrieveLocation(database.db, 'atlantis')).toBeNull();
  });

  it('lists live deals in a location, most popular first, with everything a card shows', async () => {
    const london = await retrieveLocation(database.db, 'london');
    if (!london) throw new Error('London missing');
    const deals = await listDeals(database.db, { locationId: london.id, limit: 20 });
    expect(deals.length).toBeGreaterThanOrEqual(9);
    expect(new Set(deals.map((d) => d.id)).size).toBe(deals.length);
    for (const deal of deals) {
      expect(deal.url).toBe(`/deal/${deal.id}`);
      expect(deal.locationName).toBe('London');
      expect(deal.price.amountMinor).toBeGreaterThan(0);
      expect(Number.isInteger(deal.price.amountMinor)).toBe(true);
      expect(deal.image.width).toBeGreaterThan(0);
    }
    const total = await countDeals(database.db, { locationId: london.id });
    expect(total).toBeGreaterThanOrEqual(deals.length);
  });

  it('spec 3: VIP deals are those with a VIP-exclusive option', async () => {
    const vip = await listDeals(database.db, { vipOnly: true, limit: 100 });
    expect(vip.length).toBeGreaterThan(0);
    expect(vip.every((d) => d.hasVipExclusive)).toBe(true);
    expect(await countDeals(database.db, { vipOnly: true })).toBeGreaterThanOrEqual(vip.length);
  });

  it('sorts by price low to high when asked', async () => {
    const london = await retrieveLocation(database.db, 'london');
    if (!london) throw new Error('London missing');
    const deals = await listDeals(database.db, { locationId: london.id, orderBy: 'price-asc', limit: 30 });
    const prices = deals.map((d) => d.price.amountMinor);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('filters by category and sub-category (food-drink / afternoon-tea)', async () => {
    const food = await retrieveCategory(database.db, 'food-drink');
    expect(food).not.toBeNull();
    const tea = food ? await retrieveCategory(database.db, 'afternoon-tea', food.id) : null;
    expect(tea).not.toBeNull();
    expect(await retrieveCategory(database.db, 'afternoon-tea')).toBeNull();
  });

  it('shows one deal with its visible options, merchant and fine print', async () => {
    const london = await retrieveLocation(database.db, 'london');
    if (!london) throw new Error('London missing');
    const [first] = await listDeals(database.db, { locationId: london.id, limit: 1 });
    if (!first) throw new Error('no deals');
    const deal = await retrieveDeal(database.db, first.id);
    expect(deal?.headline).toBe(first.headline);
    expect(deal?.products.length).toBeGreaterThan(0);
    expect(deal?.merchant.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/);
    expect(deal?.finePrint.length).toBeGreaterThan(0);
    expect(await retrieveDeal(database.db, 1)).toBeNull();
  });

  it('spec 2: the header shows the local item, category counts and the Scottish menu', async () => {
    const header = await retrieveHeaderData(database.db, { shortName: 'glasgow', name: 'Glasgow' }, 'Tuppence');
    const [local] = header.nav;
    expect(local).toMatchObject({ isLocal: true, linkText: 'Glasgow', url: '/deals/glasgow' });
    expect(header.nav.length).toBeGreaterThan(3);
    expect(header.scottishMenu.map((item) => item.linkText)).toEqual(['Glasgow', 'Edinburgh', 'Aberdeen']);
    expect(header.scottishMenu[0]?.subNavigations.map((s) => s.linkText)).toEqual([
      'Restaurants',
      'Tuppence',
      'Afternoon Tea',
      'Spa Days',
      'Beauty',
      'Fitness Classes',
      'Courses',
      'Food',
    ]);
    expect(header.locations.length).toBeGreaterThanOrEqual(40);
    expect(header.travelNav.some((item) => item.navigationType === 'International Travel')).toBe(true);
  });
});
