/**
 * True urgency only (docs/decisions/048; spec 9 "limited availability max 50", spec 4 campaign
 * windows), on embedded PGlite through the real order pipeline: the "Only N left" a page shows comes
 * from the live stock endpoint (the cached HTML carries no count) and equals the stock after a
 * purchase; it is said only at or under the threshold; "N bought" is the vouchers actually sold; the
 * countdown bar's end is the same on two loads at different moments.
 */
import type { APIRoute } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import CountdownBar from '../../src/components/chrome/CountdownBar.astro';
import { boughtText, campaignCountdown, FEW_LEFT_THRESHOLD, fewLeftText } from '../../src/domain/urgency';
import type { Database } from '../../src/server/db/client';
import { dealProductStock, deals } from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { callAsShopper } from './support/shop-call';
import { serveTestDatabase } from './support/test-database';

const { GET: stockRoute } = (await import('../../src/pages/api/v1/deal/stock')) as { GET: APIRoute };

interface StockAnswer {
  deals: { dealId: number; left: number | null; products: { productId: number; left: number | null }[] }[];
}

describe.each(embedded)('true urgency only on $name', (engine) => {
  const shared: { database?: Database | null } = {};
  serveTestDatabase(shared);
  let database: Database;
  let deal: LimitedDeal;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    shared.database = database;
    await seedCatalogue(db(), { deals: 40, seed: 23 });
    deal = await prepareLimitedDeal(db(), 12);
  }, 120_000);

  afterAll(async () => {
    shared.database = null;
    await database?.close();
  });

  async function liveLeft(): Promise<{ deal: number | null; product: number | null }> {
    const { status, body } = await callAsShopper(stockRoute, `/api/v1/deal/stock?ids=${deal.dealId}`, null, {
      method: 'GET',
    });
    expect(status).toBe(200);
    const answer = (body as unknown as StockAnswer).deals.find((d) => d.dealId === deal.dealId);
    return {
      deal: answer?.left ?? null,
      product: answer?.products.find((p) => p.productId === deal.productId)?.left ?? null,
    };
  }

  it('spec 9: the "Only N left" shown is the live stock after a purchase, and "N bought" the vouchers sold', async () => {
    expect(await liveLeft()).toEqual({ deal: 12, product: 12 });
    const [before] = await db().select({ bought: deals.boughtCount }).from(deals).where(eq(deals.id, deal.dealId));

    const [buyer] = await createBuyers(db(), deal, 1, { quantity: 3, prefix: 'urgency' });
    if (buyer === undefined) throw new Error('no buyer');
    const total = deal.unitTotalMinor * 3;
    const placed = await placeOrder(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `urgency-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });
    expect(placed.ok).toBe(true);

    const [stock] = await db()
      .select({ left: dealProductStock.quantityRemaining })
      .from(dealProductStock)
      .where(eq(dealProductStock.productId, deal.productId));
    expect(stock?.left).toBe(9);
    expect(await liveLeft()).toEqual({ deal: 9, product: 9 });
    expect(fewLeftText(9)).toBe('Only 9 left');

    const [after] = await db().select({ bought: deals.boughtCount }).from(deals).where(eq(deals.id, deal.dealId));
    expect((after?.bought ?? 0) - (before?.bought ?? 0)).toBe(3);
    expect(boughtText(after?.bought ?? 0)).toMatch(/ bought$/);
  });

  it('says nothing over the threshold, nor for a sold-out option', async () => {
    await db()
      .update(dealProductStock)
      .set({ quantityRemaining: FEW_LEFT_THRESHOLD + 1 })
      .where(eq(dealProductStock.productId, deal.productId));
    expect(await liveLeft()).toEqual({ deal: null, product: null });
    await db()
      .update(dealProductStock)
      .set({ quantityRemaining: 0 })
      .where(eq(dealProductStock.productId, deal.productId));
    expect(await liveLeft()).toEqual({ deal: null, product: null });
  });

  it('spec 4 campaign windows: the countdown bar ends at the same moment on two loads, whenever they are', async () => {
    const container = await AstroContainer.create();
    const loads = [new Date('2026-11-29T04:25:00Z'), new Date('2026-11-29T04:31:17Z')];
    const pages = await Promise.all(
      loads.map((now) => {
        const countdown = campaignCountdown(now);
        if (countdown === null) throw new Error('Black Friday runs on 29 November');
        return container.renderToString(CountdownBar, { props: { ...countdown, now } });
      }),
    );
    const ends = pages.map((html) => /data-ends-at="([^"]+)"/.exec(html)?.[1]);
    expect(ends[0]).toBe('2026-12-09T00:00:00.000Z');
    expect(ends[1]).toBe(ends[0]);
    // What it shows is the time left to that end, not a timer started by the visit.
    expect(pages[0]).toContain('9d 19:35:00');
    expect(pages[1]).toContain('9d 19:28:43');
  });
});
