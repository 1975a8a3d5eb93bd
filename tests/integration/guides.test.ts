/**
 * Guides (decision 023; spec 3 Guide page and guide feed configuration, spec 9 guide page size 30): feeds
 * list the deals their configuration names, editors save versioned drafts, publish and restore, every
 * change is audited, and only accounts with the editor role are editors. Embedded PGlite.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { seedGuides } from '../../scripts/seed/guides';
import { GUIDE_PAGE_SIZE, GuideContentSchema, GuideFeedSchema } from '../../src/contracts/guide';
import { clearCatalogueCaches } from '../../src/server/catalog';
import {
  createGuide,
  grantContentEditor,
  isContentEditor,
  listGuideAudit,
  listGuideFeed,
  listGuidesForEditor,
  listListiclePicks,
  listPublishedGuides,
  publishGuideVersion,
  restoreGuideVersion,
  retrieveGuideForEditor,
  retrievePublishedGuide,
  revokeContentEditor,
  saveGuideDraft,
} from '../../src/server/content';
import type { Database } from '../../src/server/db/client';
import { listSitemapPages } from '../../src/server/sitemap';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';

const content = (over: Record<string, unknown> = {}) =>
  GuideContentSchema.parse({
    displayName: 'Spa days in Leeds',
    description: 'The best spa day deals in Leeds, picked by our team.',
    text: 'Our favourite spas.',
    feed: { location: 'leeds', category: 'beauty', subCategory: 'spa' },
    ...over,
  });

describe.each(embedded)('guides on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    clearCatalogueCaches();
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 800, seed: 22 });
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await database?.close();
  });

  it('spec 3 guide feed: lists only live deals of its location, category and sub-category, at most page size 30', async () => {
    const db = database.db;
    const feed = GuideFeedSchema.parse({ location: 'london' });
    expect(feed.pageSize).toBe(GUIDE_PAGE_SIZE);
    const result = await listGuideFeed(db, feed);
    expect(result.deals.length).toBe(Math.min(30, result.total));
    expect(result.deals.every((deal) => deal.locationName === 'London')).toBe(true);

    const spa = await listGuideFeed(db, GuideFeedSchema.parse({ category: 'beauty', subCategory: 'spa' }));
    expect(spa.deals.length).toBeGreaterThan(0);
    expect(spa.deals.every((deal) => deal.subCategory?.shortName === 'spa')).toBe(true);
  });

  it('spec 3 guide feed: price range, order and direction, and exclusions', async () => {
    const db = database.db;
    const cheapFirst = await listGuideFeed(
      db,
      GuideFeedSchema.parse({
        minPriceMinor: 1000,
        maxPriceMinor: 5000,
        orderBy: 'price',
        direction: 'asc',
        pageSize: 10,
      }),
    );
    const prices = cheapFirst.deals.map((deal) => deal.price.amountMinor);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((price) => price >= 1000 && price <= 5000)).toBe(true);

    const dearFirst = await listGuideFeed(
      db,
      GuideFeedSchema.parse({ orderBy: 'price', direction: 'desc', pageSize: 5 }),
    );
    const dear = dearFirst.deals.map((deal) => deal.price.amountMinor);
    expect(dear).toEqual([...dear].sort((a, b) => b - a));

    const [first, second] = cheapFirst.deals;
    const without = await listGuideFeed(
      db,
      GuideFeedSchema.parse({
        minPriceMinor: 1000,
        maxPriceMinor: 5000,
        orderBy: 'price',
        direction: 'asc',
        pageSize: 10,
        excludeIds: [first?.id, second?.id],
      }),
    );
    expect(without.deals.map((deal) => deal.id)).not.toContain(first?.id);
    expect(without.total).toBe(cheapFirst.total - 2);
  });

  it('spec 3 guide feed: search term and tag narrow the deals; an unknown location empties the feed and says why', async () => {
    const db = database.db;
    const tea = await listGuideFeed(db, GuideFeedSchema.parse({ searchTerm: 'afternoon tea', pageSize: 30 }));
    expect(tea.total).toBeGreaterThan(0);
    const [tagRow] = (
      await db.execute<{ tag: string }>(
        sql`select lower(t) as tag from deals d, jsonb_array_elements_text(d.tags) t where d.status = 'live' limit 1`,
      )
    ).rows;
    const tagged = await listGuideFeed(db, GuideFeedSchema.parse({ tag: tagRow?.tag ?? '' }));
    expect(tagged.total).toBeGreaterThan(0);

    const nowhere = await listGuideFeed(db, GuideFeedSchema.parse({ location: 'atlantis' }));
    expect(nowhere).toEqual({ deals: [], total: 0, unknown: ['location "atlantis"'] });
  });

  it('a listicle numbers its picks in the editor order and drops picks whose deal has closed', async () => {
    const db = database.db;
    const { deals } = await listGuideFeed(db, GuideFeedSchema.parse({ pageSize: 3 }));
    const [a, b, c] = deals;
    if (!a || !b || !c) throw new Error('the catalogue should have deals');
    await db.execute(sql`update deals set status = 'closed' where id = ${b.id}`);
    const picks = await listListiclePicks(db, [
      { dealId: c.id, writeUp: 'Third deal first' },
      { dealId: b.id, writeUp: 'Closed now' },
      { dealId: a.id, writeUp: 'First deal second' },
    ]);
    expect(picks.map((pick) => [pick.rank, pick.deal.id, pick.writeUp])).toEqual([
      [1, c.id, 'Third deal first'],
      [2, a.id, 'First deal second'],
    ]);
    await db.execute(sql`update deals set status = 'live' where id = ${b.id}`);
  });

  it('an editor saves drafts as new versions, publishes one, and the public guide shows only what is published', async () => {
    const db = database.db;
    const editor = await addShopper(db, { firstName: 'Esme' });
    await createGuide(db, { userId: editor.id }, 'spa-days-in-leeds', content());
    expect(await retrievePublishedGuide(db, 'spa-days-in-leeds')).toBeNull();

    await publishGuideVersion(db, { userId: editor.id }, 'spa-days-in-leeds', 1);
    const { version } = await saveGuideDraft(
      db,
      { userId: editor.id },
      'spa-days-in-leeds',
      content({ text: 'A new introduction.' }),
      1,
    );
    expect(version).toBe(2);
    expect((await retrievePublishedGuide(db, 'spa-days-in-leeds'))?.content.text).toBe('Our favourite spas.');

    await publishGuideVersion(db, { userId: editor.id }, 'spa-days-in-leeds', 2);
    const published = await retrievePublishedGuide(db, 'spa-days-in-leeds');
    expect(published?.version).toBe(2);
    expect(published?.content.text).toBe('A new introduction.');

    const forEditor = await retrieveGuideForEditor(db, 'spa-days-in-leeds');
    expect(forEditor.history.map((row) => [row.version, row.isPublished, row.savedBy])).toEqual([
      [2, true, 'Esme'],
      [1, false, 'Esme'],
    ]);
  });

  it("saving over someone else's newer version is refused instead of overwriting it", async () => {
    const db = database.db;
    await createGuide(db, null, 'gin-tasting', content({ displayName: 'Gin tasting' }));
    await saveGuideDraft(db, null, 'gin-tasting', content({ displayName: 'Gin tasting near you' }), 1);
    await expect(saveGuideDraft(db, null, 'gin-tasting', content({ displayName: 'Stale edit' }), 1)).rejects.toThrow(
      'Version 2 was saved while you were editing version 1',
    );
    expect((await retrieveGuideForEditor(db, 'gin-tasting')).content.displayName).toBe('Gin tasting near you');
  });

  it('restoring an old version makes it the newest draft and keeps the whole history; every change is audited', async () => {
    const db = database.db;
    const editor = await addShopper(db);
    const actor = { userId: editor.id };
    await createGuide(db, actor, 'brunch-guide', content({ displayName: 'Brunch guide' }));
    await saveGuideDraft(db, actor, 'brunch-guide', content({ displayName: 'Brunch guide, take two' }), 1);
    await publishGuideVersion(db, actor, 'brunch-guide', 2);
    const restored = await restoreGuideVersion(db, actor, 'brunch-guide', 1);
    expect(restored.version).toBe(3);
    const guide = await retrieveGuideForEditor(db, 'brunch-guide');
    expect(guide.content.displayName).toBe('Brunch guide');
    expect(guide.history.map((row) => [row.version, row.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    // Restoring puts nothing live until it is published.
    expect((await retrievePublishedGuide(db, 'brunch-guide'))?.content.displayName).toBe('Brunch guide, take two');

    const audit = await listGuideAudit(db, 'brunch-guide');
    expect(audit.map((row) => [row.action, row.version, row.userId])).toEqual([
      ['guide.restore', 3, editor.id],
      ['guide.publish', 2, editor.id],
      ['guide.save-draft', 2, editor.id],
      ['guide.create', 1, editor.id],
    ]);
  });

  it('a taken slug and an unknown version are refused', async () => {
    const db = database.db;
    await expect(createGuide(db, null, 'spa-days-in-leeds', content())).rejects.toThrow('already has the slug');
    await expect(publishGuideVersion(db, null, 'spa-days-in-leeds', 99)).rejects.toThrow('has no version 99');
    await expect(restoreGuideVersion(db, null, 'no-such-guide', 1)).rejects.toThrow('No guide has the slug');
  });

  it('the editor role is granted and revoked by email, audited, and grants nothing to other accounts', async () => {
    const db = database.db;
    const editor = await addShopper(db, { email: 'Editor.Person@example.co.uk' });
    const shopper = await addShopper(db);
    expect(await isContentEditor(db, editor.id)).toBe(false);
    expect(await grantContentEditor(db, 'editor.person@example.co.uk', 'operator')).toBe(true);
    expect(await grantContentEditor(db, 'EDITOR.PERSON@example.co.uk', 'operator')).toBe(false);
    expect(await isContentEditor(db, editor.id)).toBe(true);
    expect(await isContentEditor(db, shopper.id)).toBe(false);
    expect(await revokeContentEditor(db, 'editor.person@example.co.uk', 'script')).toBe(true);
    expect(await isContentEditor(db, editor.id)).toBe(false);
    await expect(grantContentEditor(db, 'nobody@example.co.uk', 'operator')).rejects.toThrow(
      'No account has the email',
    );
    const audit = await db.execute<{ action: string }>(
      sql`select action from content_audit where action like 'editor.%' order by id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['editor.grant', 'editor.revoke']);
  });

  it('the seeded guides are published UK guides with feeds that list deals, two of them listicles; seeding twice adds none', async () => {
    const db = database.db;
    const added = await seedGuides(db);
    expect(added).toBe(6);
    expect(await seedGuides(db)).toBe(0);
    const published = await listPublishedGuides(db);
    const names = published.map((guide) => guide.displayName);
    expect(names).toEqual(expect.arrayContaining(['Best afternoon tea in London', 'Spa days near Manchester']));
    // A listicle's picks are its feed's top deals at seed time (none when this small catalogue has none).
    for (const slug of ['best-afternoon-tea-in-london', 'bottomless-brunch-in-leeds']) {
      const guide = await retrievePublishedGuide(db, slug);
      const feed = await listGuideFeed(db, guide?.content.feed ?? GuideFeedSchema.parse({}));
      const pickIds = guide?.content.listicle.map((pick) => pick.dealId) ?? [];
      expect(guide?.content.listicleView).toBe(feed.total > 0);
      const feedIds = feed.deals.map((deal) => deal.id);
      expect(pickIds.every((id) => feedIds.includes(id))).toBe(true);
      const merchants = feed.deals.filter((deal) => pickIds.includes(deal.id)).map((deal) => deal.merchantName);
      expect(new Set(merchants).size).toBe(merchants.length);
    }
    const gifts = await retrievePublishedGuide(db, 'experience-gifts-under-30');
    const giftFeed = await listGuideFeed(db, gifts?.content.feed ?? GuideFeedSchema.parse({}));
    expect(giftFeed.deals.length).toBe(30);
    expect(giftFeed.deals.every((deal) => deal.price.amountMinor <= 3000)).toBe(true);
    const moved = await retrievePublishedGuide(db, 'afternoon-tea-london');
    expect(moved?.content.redirectUrl).toBe('/guides/best-afternoon-tea-in-london');
    // The guides sitemap lists published guides with their day, not the one that redirects.
    const sitemap = (await listSitemapPages(db, 'guides', 1)) ?? [];
    expect(sitemap.map((page) => page.path)).toContain('/guides/best-afternoon-tea-in-london');
    expect(sitemap.map((page) => page.path)).not.toContain('/guides/afternoon-tea-london');
    expect(sitemap[0]?.lastmod).toMatch(/^\d{4}-\d\d-\d\d$/);
    const list = await listGuidesForEditor(db);
    expect(list.find((guide) => guide.slug === 'spa-days-near-manchester')).toMatchObject({
      latestVersion: 1,
      publishedVersion: 1,
    });
  });
});
