/**
 * Login throttling (issue 6) in memory and on Redis (127.0.0.1:6379 here and in CI; REDIS_URL
 * overrides): per account, the tenth failure uses up the last attempt; per IP, the count is shared.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURE_LIMIT, createLoginThrottle, type LoginThrottle } from '../../src/server/accounts/throttle';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
afterAll(() => redis.quit());

const stores: [string, () => LoginThrottle][] = [
  ['memory', () => createLoginThrottle()],
  ['redis', () => createLoginThrottle(redis)],
];

describe.each(stores)('login throttle in %s', (_, make) => {
  it('lets nine failures through, locks on the tenth, and forgets them when cleared', async () => {
    const throttle = make();
    const email = `${randomBytes(6).toString('hex')}@example.co.uk`;
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const lastAttempts: boolean[] = [];
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      expect(await throttle.retryAfter(email, ip)).toBe(0);
      lastAttempts.push(await throttle.recordFailure(email, ip));
    }
    expect(lastAttempts.indexOf(true)).toBe(ACCOUNT_FAILURE_LIMIT - 1);
    expect(await throttle.retryAfter(email, ip)).toBeGreaterThan(0);
    await throttle.clear(email);
    expect(await throttle.retryAfter(email, ip)).toBe(0);
  });
});
