/**
 * Login throttling (docs/decisions/017-login-throttling.md) in memory and on Redis
 * (127.0.0.1:6379 here and in CI; REDIS_URL overrides): a stranger's failures hold back that
 * stranger's account-and-IP pair with doubling waits, never the owner elsewhere or on a known
 * device; many failures from one IP over a few accounts hold nobody else; an account guessed at
 * from many IPs waits as a whole (known devices excepted); an IP failing across many accounts waits.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CHECK_LIMIT,
  ACCOUNT_FAILURE_LIMIT,
  backoffSeconds,
  createAccountCheckThrottle,
  createLoginThrottle,
  IP_ACCOUNT_LIMIT,
  type LoginThrottle,
  PAIR_FREE_FAILURES,
} from '../../src/server/accounts/throttle';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
afterAll(() => redis.quit());

const stores: [string, () => LoginThrottle, () => ReturnType<typeof createAccountCheckThrottle>][] = [
  ['memory', () => createLoginThrottle(), () => createAccountCheckThrottle()],
  ['redis', () => createLoginThrottle(redis), () => createAccountCheckThrottle(redis)],
];

const run = () => randomBytes(4).toString('hex');
const email = (label: string) => `${label}-${run()}@example.co.uk`;
/** A documentation-range address unique to this run (so Redis counts from earlier runs never meet it). */
const ipOf = (n: number) => `2001:db8:${run()}::${n.toString(16)}`;

it('no wait for the free failures, then 2 s, 4 s, 8 s ... up to 15 minutes', () => {
  const waits = Array.from({ length: PAIR_FREE_FAILURES + 12 }, (_, i) => backoffSeconds(i + 1));
  expect(waits.slice(0, PAIR_FREE_FAILURES - 1)).toEqual(Array(PAIR_FREE_FAILURES - 1).fill(0));
  expect(waits.slice(PAIR_FREE_FAILURES - 1, PAIR_FREE_FAILURES + 2)).toEqual([2, 4, 8]);
  expect(Math.max(...waits)).toBe(15 * 60);
});

describe.each(stores)('login throttle in %s', (_, make, makeChecks) => {
  it('ten wrong passwords from IP A hold back A only; IP B and a known device may try at once', async () => {
    const throttle = make();
    const victim = email('victim');
    const [attacker, owner] = [ipOf(1), ipOf(2)];
    for (let i = 0; i < 10; i += 1) await throttle.recordFailure({ email: victim, ip: attacker });
    const held = await throttle.retryAfter({ email: victim, ip: attacker });
    expect(held).toBeGreaterThanOrEqual(backoffSeconds(10) - 1);
    expect(await throttle.retryAfter({ email: victim, ip: owner })).toBe(0);
    expect(await throttle.retryAfter({ email: victim, ip: attacker, device: '42' })).toBe(0);
    // The owner's success on their own pair leaves the attacker's pair waiting.
    await throttle.recordSuccess({ email: victim, ip: owner });
    expect(await throttle.retryAfter({ email: victim, ip: attacker })).toBeGreaterThan(0);
  });

  it('100 failures from one IP over four accounts hold no other account at that IP', async () => {
    const throttle = make();
    const office = ipOf(3);
    const guessed = [email('a'), email('b'), email('c'), email('d')];
    for (let i = 0; i < 100; i += 1) await throttle.recordFailure({ email: guessed[i % 4] ?? '', ip: office });
    expect(await throttle.retryAfter({ email: email('colleague'), ip: office })).toBe(0);
  });

  it(`an IP that fails against ${IP_ACCOUNT_LIMIT} accounts in an hour waits, except on known devices`, async () => {
    const throttle = make();
    const abusive = ipOf(4);
    for (let i = 0; i < IP_ACCOUNT_LIMIT; i += 1)
      await throttle.recordFailure({ email: email(`spray${i}`), ip: abusive });
    expect(await throttle.retryAfter({ email: email('next'), ip: abusive })).toBeGreaterThan(0);
    expect(await throttle.retryAfter({ email: email('owner'), ip: abusive, device: '7' })).toBe(0);
  });

  it(`${ACCOUNT_FAILURE_LIMIT} failures from many IPs hold the account everywhere but on a known device, until a reset`, async () => {
    const throttle = make();
    const victim = email('distributed');
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      const ip = ipOf(100 + i);
      expect(await throttle.retryAfter({ email: victim, ip })).toBe(0);
      await throttle.recordFailure({ email: victim, ip });
    }
    expect(await throttle.retryAfter({ email: victim, ip: ipOf(999) })).toBeGreaterThan(0);
    expect(await throttle.retryAfter({ email: victim, ip: ipOf(999), device: '9' })).toBe(0);
    await throttle.clearAccount({ email: victim, ip: ipOf(999) });
    expect(await throttle.retryAfter({ email: victim, ip: ipOf(999) })).toBe(0);
  });

  it(`an IP is told "must sign in" ${ACCOUNT_CHECK_LIMIT} times an hour, then every check waits`, async () => {
    const checks = makeChecks();
    const ip = ipOf(5);
    for (let i = 0; i < ACCOUNT_CHECK_LIMIT; i += 1) {
      expect(await checks.retryAfter(ip)).toBe(0);
      await checks.recordReveal(ip);
    }
    expect(await checks.retryAfter(ip)).toBeGreaterThan(0);
    expect(await checks.retryAfter(ipOf(6))).toBe(0);
  });
});
