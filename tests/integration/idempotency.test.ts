/**
 * PAYMENTS.md idempotency: one key, one piece of work, the first result handed back again (both
 * enginesWhereSqlDiffers). The record holds the service's result; the web layer answers it
 * (docs/decisions/038-one-http-edge.md).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { idempotencyKeys } from '../../src/server/db/schema';
import { idempotencyOwner } from '../../src/server/http/idempotency-owner';
import { fingerprint, isValidIdempotencyKey, runIdempotently } from '../../src/server/idempotency';
import { enginesWhereSqlDiffers } from './databases';

describe('idempotency keys', () => {
  it.each([
    ['a', true],
    ['x'.repeat(255), true],
    ['x'.repeat(256), false],
    ['', false],
    ['has space', false],
    [null, false],
  ])('key %j valid: %s', (key, valid) => {
    expect(isValidIdempotencyKey(key)).toBe(valid);
  });

  /** A session as Astro keeps one, over a plain map. */
  const sessionOver = (store: Map<string, unknown>) =>
    ({
      get: async (key: string) => store.get(key),
      set: (key: string, value: unknown) => store.set(key, value),
    }) as unknown as Parameters<typeof idempotencyOwner>[0];

  it('a guest owner is kept in the session; another session, or none, is another owner', async () => {
    const store = new Map<string, unknown>();
    const session = sessionOver(store);
    const first = await idempotencyOwner(session, null);
    expect(await idempotencyOwner(session, null)).toBe(first);
    expect(first).toMatch(/^guest:[0-9a-f]{64}$/);
    // Only a hash reaches the database, never the session's secret itself.
    expect(first).not.toContain(String(store.get('idempotencyOwner')));
    expect(await idempotencyOwner(sessionOver(new Map()), null)).not.toBe(first);
    expect(await idempotencyOwner(undefined, null)).not.toBe(first);
    expect(await idempotencyOwner(session, 42)).toBe('customer:42');
  });

  it('fingerprints ignore key order but not values', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe.each(enginesWhereSqlDiffers)('idempotent submits on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs the work once and replays the first result, refusals included', async () => {
    let runs = 0;
    const declined = { ok: false, kind: 'paymentDeclined', message: 'Payment failed.' };
    const work = async () => {
      runs += 1;
      return declined;
    };
    const first = await runIdempotently(
      database.db,
      { key: 'k-replay', scope: 'pay', owner: 'customer:1', body: { n: 1 } },
      work,
    );
    const second = await runIdempotently(
      database.db,
      { key: 'k-replay', scope: 'pay', owner: 'customer:1', body: { n: 1 } },
      work,
    );
    expect(first).toEqual({ kind: 'fresh', result: declined });
    expect(second).toEqual({ kind: 'replayed', result: declined });
    expect(runs).toBe(1);
  });

  it('another owner sending the same key and body is refused, never given the first result', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { ok: true, order: { productOrder: { id: 9 } } };
    };
    const request = { key: 'k-owner', scope: 'pay', body: { amount: 100 } };
    await runIdempotently(database.db, { ...request, owner: 'guest:a' }, work);
    expect(await runIdempotently(database.db, { ...request, owner: 'guest:b' }, work)).toEqual({ kind: 'mismatch' });
    expect(await runIdempotently(database.db, { ...request, owner: 'customer:7' }, work)).toEqual({ kind: 'mismatch' });
    expect(await runIdempotently(database.db, { ...request, owner: 'guest:a' }, work)).toMatchObject({
      kind: 'replayed',
      result: { ok: true, order: { productOrder: { id: 9 } } },
    });
    expect(runs).toBe(1);
    const [row] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-owner'));
    expect(row?.owner).toBe('guest:a');
  });

  it('refuses the same key with a different body, without running anything', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { ok: true };
    };
    await runIdempotently(
      database.db,
      { key: 'k-mismatch', scope: 'pay', owner: 'customer:1', body: { amount: 100 } },
      work,
    );
    const other = await runIdempotently(
      database.db,
      { key: 'k-mismatch', scope: 'pay', owner: 'customer:1', body: { amount: 999 } },
      work,
    );
    expect(other).toEqual({ kind: 'mismatch' });
    expect(runs).toBe(1);
  });

  it('answers a concurrent repeat with in-flight, never a second run', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The work runs only once the key is claimed: its start is the signal to send the repeat .
    let started: () => void = () => {};
    const claimed = new Promise<void>((resolve) => {
      started = resolve;
    });
    let runs = 0;
    const work = async () => {
      runs += 1;
      started();
      await gate;
      return { ok: true, order: 1 };
    };
    const first = runIdempotently(database.db, { key: 'k-flight', scope: 'pay', owner: 'customer:1', body: {} }, work);
    await claimed;
    const second = await runIdempotently(
      database.db,
      { key: 'k-flight', scope: 'pay', owner: 'customer:1', body: {} },
      work,
    );
    release();
    expect(second).toEqual({ kind: 'inFlight' });
    expect(await first).toMatchObject({ kind: 'fresh', result: { order: 1 } });
    expect(runs).toBe(1);
  });

  it('releases the key when the work throws, so a retry runs', async () => {
    await expect(
      runIdempotently(database.db, { key: 'k-throw', scope: 'pay', owner: 'customer:1', body: {} }, async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    const retry = await runIdempotently(
      database.db,
      { key: 'k-throw', scope: 'pay', owner: 'customer:1', body: {} },
      async () => ({ ok: true }),
    );
    expect(retry).toMatchObject({ kind: 'fresh', result: { ok: true } });
  });

  it('takes over a key left in flight by a process that died', async () => {
    await database.db.insert(idempotencyKeys).values({
      key: 'k-stale',
      scope: 'pay',
      owner: 'customer:1',
      requestHash: fingerprint({}),
      updatedAt: sql`now() - interval '10 minutes'`,
    });
    const retry = await runIdempotently(
      database.db,
      { key: 'k-stale', scope: 'pay', owner: 'customer:1', body: {} },
      async () => ({ ok: true, order: 7 }),
    );
    expect(retry).toMatchObject({ kind: 'fresh', result: { order: 7 } });
    const [row] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-stale'));
    expect(row?.state).toBe('done');
  });
});
