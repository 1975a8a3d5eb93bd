/**
 * The parts of running on more than one process (decision 031) that need no second server:
 * - the hourly jobs' lease: of many processes asking at once, one runs the jobs; the holder renews
 *   its own lease; another takes over only once the holder has missed its run (both engines: the
 *   race is real only on PostgreSQL, where the processes have connections of their own);
 * - the cache invalidation bus on a real Redis (127.0.0.1:6379 here and in CI; REDIS_URL
 *   overrides): an invalidation published by one process has been applied by every other one by
 *   the time the publisher goes on, and never by the publisher itself.
 * The two processes behind HAProxy are driven end to end in tests/scale/scale-out.spec.ts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Invalidation, joinInvalidationBus } from '../../src/server/cache/broadcast';
import type { Database } from '../../src/server/db/client';
import { takeLease } from '../../src/server/jobs';
import { enginesWhereSqlDiffers } from './databases';

const HOUR = 60 * 60 * 1000;

describe.each(enginesWhereSqlDiffers)('the hourly jobs lease on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('of ten processes asking at the same moment, exactly one runs the jobs', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    const name = `race-${randomUUID()}`;
    const holders = Array.from({ length: 10 }, (_, i) => `process-${i}`);
    const won = await Promise.all(holders.map((holder) => takeLease(database.db, name, HOUR, now, holder)));
    expect(won.filter(Boolean)).toHaveLength(1);
  });

  it('the holder renews its lease each run; another process takes it only after the holder missed a run', async () => {
    const name = `renew-${randomUUID()}`;
    const at = (minutes: number) => new Date(Date.parse('2026-11-24T10:00:00Z') + minutes * 60 * 1000);
    const lease = 65 * 60 * 1000;
    expect(await takeLease(database.db, name, lease, at(0), 'a')).toBe(true);
    expect(await takeLease(database.db, name, lease, at(30), 'b')).toBe(false);
    // a's next hourly run renews; b's run in between still finds it held.
    expect(await takeLease(database.db, name, lease, at(60), 'a')).toBe(true);
    expect(await takeLease(database.db, name, lease, at(90), 'b')).toBe(false);
    // a stops: its lease runs out 65 minutes after its last run, and b's next run takes over.
    expect(await takeLease(database.db, name, lease, at(126), 'b')).toBe(true);
    expect(await takeLease(database.db, name, lease, at(127), 'a')).toBe(false);
  });
});

describe('the cache invalidation bus on Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('an invalidation from one process is applied by every other process before the publisher goes on', async () => {
    const applied: Record<string, Invalidation[]> = { a: [], b: [], c: [] };
    const join = (name: string) =>
      joinInvalidationBus(redisUrl, async (invalidation) => {
        // A remote cache takes a moment to drop its pages; the publisher must still wait for it.
        await new Promise((resolve) => setImmediate(resolve));
        applied[name]?.push(invalidation);
      });
    const [a, b, c] = [join('a'), join('b'), join('c')];
    try {
      // Each bus has subscribed once its first publish resolves; warm b and c before the real one.
      await Promise.all([b.publish({ tags: ['warm-up'] }), c.publish({ tags: ['warm-up'] })]);
      for (const list of Object.values(applied)) list.length = 0;

      const tag = `deal:${randomUUID()}`;
      await a.publish({ tags: [tag] });
      expect(applied.b).toEqual([{ tags: [tag] }]);
      expect(applied.c).toEqual([{ tags: [tag] }]);
      expect(applied.a).toEqual([]);
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });
});
