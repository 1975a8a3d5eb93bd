/**
 * The one list of subscribers (docs/decisions/037): every event's subscribers are named in
 * src/server/subscribers.ts and loaded by every entry point, so what follows an order never depends
 * on which modules a process happened to import.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { openDatabase } from '../../src/server/db/client';
import { loyaltyActivities, orders, outbox } from '../../src/server/db/schema';
import { EVENTS, eventDeliveries, listSubscribers } from '../../src/server/events';
import { listSignInHooks } from '../../src/server/http';
import { createBuyers, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { openEmbeddedIn } from './databases';

describe('the one list of subscribers', () => {
  it('names every subscriber of every event, and the sign-in hooks', () => {
    expect(listSubscribers()).toEqual([
      'account.deleted: reviewer-name',
      'account.deleted: saved-addresses',
      'account.deleted: saved-instruments',
      'order.placed: confirmation-email',
      'order.placed: email-confirmation-link',
      'order.placed: gifts',
      'order.placed: loyalty-points',
      'order.placed: promotional-credit',
      'order.placed: referral-reward',
      'order.placed: vip-subscription',
      'shipment.dispatched: dispatch-email',
      'voucher.refunded: loyalty-points',
      'voucher.refunded: promotional-credit',
    ]);
    expect(listSignInHooks()).toEqual([
      'account.signed-in: basket',
      'account.signed-in: referral',
      'account.signed-in: wishlist',
    ]);
  });
});

const script = path.resolve(import.meta.dirname, 'support/order-script.ts');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Runs the order script on the embedded database in `dataDir`; answers what it printed. */
function runScript(dataDir: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('a script that places an order', () => {
  it('gets the order’s loyalty points and confirmation through the shared entry, and cannot place one without it', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tuppence-script-'));
    folders.push(folder);
    const dataDir = path.join(folder, 'pglite');
    let database = await openEmbeddedIn(dataDir);
    await seedCatalogue(database.db, { deals: 30, seed: 9 });
    const deal = await prepareLimitedDeal(database.db, 10);
    const [withEntry, withoutEntry] = await createBuyers(database.db, deal, 2, { prefix: 'script' });
    if (withEntry === undefined || withoutEntry === undefined) throw new Error('no buyers');
    await database.close();

    const args = (buyer: typeof withEntry) => [buyer.basketToken, String(buyer.user.id), buyer.user.email];
    const run = await runScript(dataDir, [String(deal.unitTotalMinor), ...args(withoutEntry), ...args(withEntry)]);

    database = await openDatabase({ dataDir, url: '' });
    try {
      const { db } = database;
      // Without the list the order transaction fails loudly (logged, the shopper told it did not go
      // through, the card voided), never committing an order without its follow-ups.
      expect(run.output).toContain('No subscribers are loaded');
      expect(run.output).toContain('without the entry: refused: There was a problem with your payment');
      expect(await db.select().from(orders).where(eq(orders.userId, withoutEntry.user.id))).toEqual([]);

      expect(run.output).toMatch(/through the entry: placed \d+/);
      const [order] = await db.select().from(orders).where(eq(orders.userId, withEntry.user.id));
      if (order === undefined) throw new Error(`no order: ${run.output}`);
      const points = await db.select().from(loyaltyActivities).where(eq(loyaltyActivities.orderId, order.id));
      expect(points.map((row) => row.kind)).toEqual(['order']);
      const confirmation = await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.userId, withEntry.user.id), eq(outbox.kind, 'order_confirmation')));
      expect(confirmation).toHaveLength(1);
      const unhandled = await db
        .select({ subscriber: eventDeliveries.subscriber })
        .from(eventDeliveries)
        .where(
          and(
            eq(eventDeliveries.event, EVENTS.orderPlaced),
            eq(eventDeliveries.subject, String(order.id)),
            sql`${eventDeliveries.handledAt} is null`,
          ),
        );
      expect(unhandled).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
