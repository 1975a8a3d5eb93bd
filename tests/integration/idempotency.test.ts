/** PAYMENTS.md idempotency: one key, one piece of work, the first answer replayed (both engines). */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { idempotencyKeys } from '../../src/server/db/schema';
import { fingerprint, isValidIdempotencyKey, runIdempotently } from '../../src/server/idempotency';
import { engines } from './databases';

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

  it('fingerprints ignore key order but not values', () => {
    expect(fingerprint({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(fingerprint({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe.each(engines)('idempotent submits on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs the work once and replays the first response, errors included', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { status: 402, body: { message: 'Payment failed.' } };
    };
    const first = await runIdempotently(database.db, { key: 'k-replay', scope: 'pay', body: { n: 1 } }, work);
    const second = await runIdempotently(database.db, { key: 'k-replay', scope: 'pay', body: { n: 1 } }, work);
    expect(first).toEqual({ kind: 'fresh', status: 402, body: { message: 'Payment failed.' } });
    expect(second).toEqual({ kind: 'replayed', status: 402, body: { message: 'Payment failed.' } });
    expect(runs).toBe(1);
  });

  it('refuses the same key with a different body, without running anything', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { status: 200, body: {} };
    };
    await runIdempotently(database.db, { key: 'k-mismatch', scope: 'pay', body: { amount: 100 } }, work);
    const other = await runIdempotently(database.db, { key: 'k-mismatch', scope: 'pay', body: { amount: 999 } }, work);
    expect(other).toEqual({ kind: 'mismatch' });
    expect(runs).toBe(1);
  });

  it('answers a concurrent repeat with in-flight, never a second run', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const work = async () => {
      runs += 1;
      await gate;
      return { status: 200, body: { order: 1 } };
    };
    const first = runIdempotently(database.db, { key: 'k-flight', scope: 'pay', body: {} }, work);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await runIdempotently(database.db, { key: 'k-flight', scope: 'pay', body: {} }, work);
    release();
    expect(second).toEqual({ kind: 'inFlight' });
    expect(await first).toMatchObject({ kind: 'fresh', body: { order: 1 } });
    expect(runs).toBe(1);
  });

  it('releases the key when the work throws, so a retry runs', async () => {
    await expect(
      runIdempotently(database.db, { key: 'k-throw', scope: 'pay', body: {} }, async () => {
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    const retry = await runIdempotently(database.db, { key: 'k-throw', scope: 'pay', body: {} }, async () => ({
      status: 200,
      body: { ok: true },
    }));
    expect(retry).toMatchObject({ kind: 'fresh', body: { ok: true } });
  });

  it('takes over a key left in flight by a process that died', async () => {
    await database.db.insert(idempotencyKeys).values({
      key: 'k-stale',
      scope: 'pay',
      requestHash: fingerprint({}),
      updatedAt: sql`now() - interval '10 minutes'`,
    });
    const retry = await runIdempotently(database.db, { key: 'k-stale', scope: 'pay', body: {} }, async () => ({
      status: 201,
      body: { order: 7 },
    }));
    expect(retry).toMatchObject({ kind: 'fresh', status: 201 });
    const [row] = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-stale'));
    expect(row?.state).toBe('done');
  });
});
