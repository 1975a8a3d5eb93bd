/**
 * The faults the reliability run found (scripts/reliability/faults.ts; decision 032), at the
 * service level:
 *  - a sale the gateway made after the shop stopped waiting (a timeout) was marked failed, so the
 *    sweep never voided it and the shopper's money stayed held: the payment now stays `authorising`
 *    and the sweep finds the sale by its key and voids it; a gateway that could not be reached at
 *    all is marked failed by the sweep (nothing held);
 *  - a PostgreSQL backend terminated while its client was checked out (a transaction open) crashed
 *    the whole process with an unhandled 'error' event: now the transaction fails, and the next
 *    query gets a fresh connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { seedCatalogue } from '../../scripts/seed';
import { MESSAGES } from '../../src/domain/messages';
import type { Database } from '../../src/server/db/client';
import { baskets, orders, payments } from '../../src/server/db/schema';
import { type PlaceOrderRequest, placeOrder, voidAbandonedAuthorisations } from '../../src/server/orders';
import { createGatewayProvider, singleProvider } from '../../src/server/payments';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { gatewayFrom, serveSandboxGateway } from '../fixtures/sandbox-gateway';
import { embedded, enginesWhereSqlDiffers } from './databases';

describe.each(embedded)('a payment gateway that fails mid-checkout on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  const servers: { close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 30, seed: 7 });
    deal = await prepareLimitedDeal(database.db, 20);
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.close();
  });

  async function buyer(prefix: string) {
    const [one] = await createBuyers(database.db, deal, 1, { prefix });
    if (one === undefined) throw new Error('no buyer');
    return one;
  }
  function request(one: Awaited<ReturnType<typeof buyer>>): PlaceOrderRequest {
    return {
      basketToken: one.basketToken,
      buyer: one.user,
      useWallet: false,
      expected: { totalMinor: deal.unitTotalMinor, walletUsedMinor: 0, cashAmountMinor: deal.unitTotalMinor },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `faults-${one.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    };
  }

  it('a sale made after the shop stopped waiting is voided by the sweep, and the shopper told the bank did not answer', async () => {
    const { db } = database;
    const slow = await serveSandboxGateway(db, { env: { PAYMENTS_FAULT: 'slow', PAYMENTS_SLOW_MS: '1500' } });
    const healthy = await serveSandboxGateway(db);
    servers.push(slow, healthy);
    const impatient = createGatewayProvider({
      gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: slow.url, PAYMENTS_GATEWAY_TIMEOUT_MS: '200' }),
    });
    const one = await buyer('late');
    const result = await placeOrder(db, singleProvider(impatient), request(one));
    expect(result).toMatchObject({ ok: false, message: MESSAGES.bankNoResponse });
    const key = `faults-${one.basketToken}`;
    expect(await db.select().from(orders).where(eq(orders.idempotencyKey, key))).toHaveLength(0);
    const [basket] = await db.select().from(baskets).where(eq(baskets.id, one.basketToken));
    expect(basket?.status).toBe('open');
    // The gateway made the sale all the same, in its own time (it answers after 1500 ms, whatever the
    // shop does): money held, the payment not given up on.
    const saleOf = async () =>
      (await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, key)))[0];
    await expect.poll(async () => (await saleOf())?.status, { timeout: 10_000 }).toBe('authorized');
    const late = await saleOf();
    const [waiting] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(waiting).toMatchObject({ status: 'authorising', transactionId: null, responseCode: 'timeout' });

    const provider = createGatewayProvider({ gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: healthy.url }) });
    expect(await voidAbandonedAuthorisations(db, provider, 0)).toBeGreaterThanOrEqual(1);
    const [released] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, key));
    expect(released?.status).toBe('voided');
    const [payment] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(payment).toMatchObject({ status: 'voided', transactionId: late?.id });
  });

  it('a gateway that cannot be reached holds nothing: the sweep marks the attempt failed', async () => {
    const { db } = database;
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createGatewayProvider({
      gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: `http://127.0.0.1:${port}/gateway` }),
    });
    const one = await buyer('nowhere');
    const result = await placeOrder(db, singleProvider(nowhere), request(one));
    expect(result).toMatchObject({ ok: false, message: MESSAGES.providerUnreachable });
    const key = `faults-${one.basketToken}`;
    const healthy = await serveSandboxGateway(db);
    servers.push(healthy);
    const provider = createGatewayProvider({ gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: healthy.url }) });
    await voidAbandonedAuthorisations(db, provider, 0);
    const [payment] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(payment).toMatchObject({ status: 'failed', responseCode: 'never_reached', transactionId: null });
  });
});

describe.each(enginesWhereSqlDiffers)('a database connection dropped mid-transaction on $name', (engine) => {
  it('fails the transaction, not the process; the next query reconnects', async () => {
    const database = await engine.open();
    try {
      const { db } = database;
      if (engine.name === 'pglite') {
        // One in-process connection: nothing to drop; the query path still answers.
        expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one).toBe(1);
        return;
      }
      const inside = db.transaction(async (tx) => {
        const [me] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows;
        // Another connection ends this one's backend, as a failover or an operator would.
        await db.execute(sql`select pg_terminate_backend(${me?.pid ?? 0})`);
        await tx.execute(sql`select pg_sleep(0.2)`);
      });
      await expect(inside).rejects.toThrow();
      expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
