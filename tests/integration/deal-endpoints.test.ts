/**
 * The deal page's endpoints answer bad input with a clear 4xx JSON {message, status}, never a
 * 500 (spec 7 deal, deal reviews, complementary-deals, deal/sold-out-notification).
 */
import type { APIContext } from 'astro';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { DealDetailSchema, ReviewPageSchema } from '../../src/contracts/deal-detail';
import { clearCatalogueCaches } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getDeal } = await import('../../src/pages/api/v1/deal/[id]');
const { GET: getReviews } = await import('../../src/pages/api/v1/deal/[id]/reviews');
const { GET: getComplementary } = await import('../../src/pages/api/v1/complementary-deals');
const { POST: postSignup } = await import('../../src/pages/api/v1/deal/sold-out-notification');

function context(url: string, params: Record<string, string> = {}, request = new Request(url)): APIContext {
  return { url: new URL(url), params, request } as unknown as APIContext;
}

function postJson(body: string, type = 'application/json'): APIContext {
  const url = 'http://localhost/api/v1/deal/sold-out-notification';
  return context(url, {}, new Request(url, { method: 'POST', headers: { 'content-type': type }, body }));
}

async function expectError(response: Response, status: number, message?: string) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body).toMatchObject({ status, message: message ?? expect.any(String) });
}

const [pglite] = embedded;

describe('deal endpoints', () => {
  let liveId = 0;

  beforeAll(async () => {
    if (!pglite) throw new Error('no engine');
    clearCatalogueCaches();
    shared.database = await pglite.open();
    await seedCatalogue(shared.database.db, { deals: 60, seed: 3 });
    const result = await shared.database.db.execute<{ id: number }>(
      sql`select id from deals where status = 'live' and closing_date > now() order by id limit 1`,
    );
    liveId = Number(result.rows[0]?.id);
  });

  afterAll(async () => {
    clearCatalogueCaches();
    await shared.database?.close();
  });

  it('GET /api/v1/deal/{id}: the DealDetail contract, 400 for a non-numeric id, 404 for an unknown one', async () => {
    const ok = await getDeal(context(`http://localhost/api/v1/deal/${liveId}`, { id: String(liveId) }));
    expect(ok.status).toBe(200);
    expect(DealDetailSchema.parse(await ok.json()).id).toBe(liveId);
    await expectError(await getDeal(context('http://localhost/api/v1/deal/abc', { id: 'abc' })), 400);
    await expectError(await getDeal(context('http://localhost/api/v1/deal/1', { id: '1' })), 404);
    await expectError(await getDeal(context('http://localhost/api/v1/deal/99999999999', { id: '99999999999' })), 404);
  });

  it('GET /api/v1/deal/{id}/reviews: a page of reviews, 400 for a bad page, 404 for an unknown deal', async () => {
    const ok = await getReviews(
      context(`http://localhost/api/v1/deal/${liveId}/reviews?page=1`, { id: String(liveId) }),
    );
    expect(ok.status).toBe(200);
    expect(ReviewPageSchema.parse(await ok.json()).pageSize).toBe(10);
    await expectError(await getReviews(context(`http://localhost/x?page=0`, { id: String(liveId) })), 400);
    await expectError(await getReviews(context(`http://localhost/x?page=two`, { id: String(liveId) })), 400);
    await expectError(await getReviews(context('http://localhost/x', { id: 'x1' })), 400);
    await expectError(await getReviews(context('http://localhost/x', { id: '1' })), 404);
  });

  it('GET /api/v1/complementary-deals: related deals, 400 without a numeric dealId or with a bad limit, 404 for an unknown deal', async () => {
    const ok = await getComplementary(context(`http://localhost/api/v1/complementary-deals?dealId=${liveId}&limit=2`));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { deals: { id: number }[] };
    expect(body.deals.length).toBeLessThanOrEqual(2);
    await expectError(await getComplementary(context('http://localhost/api/v1/complementary-deals')), 400);
    await expectError(await getComplementary(context('http://localhost/api/v1/complementary-deals?dealId=abc')), 400);
    await expectError(await getComplementary(context(`http://localhost/x?dealId=${liveId}&limit=0`)), 400);
    await expectError(await getComplementary(context('http://localhost/x?dealId=1')), 404);
  });

  it('POST /api/v1/deal/sold-out-notification: spec 5 email message, 404 for an unknown deal, idempotent', async () => {
    await expectError(
      await postSignup(postJson(JSON.stringify({ dealId: liveId, email: 'not-an-email' }))),
      400,
      'Please enter a valid email.',
    );
    await expectError(await postSignup(postJson('{not json')), 400);
    await expectError(await postSignup(postJson(JSON.stringify({ dealId: 'abc', email: 'a@b.co' }))), 400);
    await expectError(await postSignup(postJson(JSON.stringify({ dealId: 1, email: 'a@b.co' }))), 404);
    const first = await postSignup(postJson(JSON.stringify({ dealId: liveId, email: 'a@b.co' })));
    expect(first.status).toBe(201);
    const again = await postSignup(postJson(JSON.stringify({ dealId: liveId, email: 'A@B.co' })));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false });
  });

  it('a plain form post (no JavaScript) is sent back to the deal page with the outcome', async () => {
    const done = await postSignup(
      postJson(`dealId=${liveId}&email=form%40example.com`, 'application/x-www-form-urlencoded'),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/deal/${liveId}?notify=signed-up#sold-out-signup`);
    const bad = await postSignup(postJson(`dealId=${liveId}&email=nope`, 'application/x-www-form-urlencoded'));
    expect(bad.headers.get('location')).toBe(`/deal/${liveId}?notify=invalid-email#sold-out-signup`);
  });
});
