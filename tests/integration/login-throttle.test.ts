/**
 * Login throttling (docs/decisions/017-login-throttling.md) in memory and on Redis
 * (127.0.0.1:6379 here and in CI; REDIS_URL overrides): a stranger's failures hold back that
 * stranger's account-and-IP pair with doubling waits, never the owner elsewhere or on a known
 * device; many failures from one IP over a few accounts hold nobody else; an account guessed at
 * from many IPs waits as a whole (known devices excepted); an IP failing across many accounts waits.
 * Anonymous account checks (decision 054): the prober's "must sign in" answers come slower past its
 * address's free ones, its neighbours' checks never; one email is told "must sign in" only so often.
 */
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FAILURE_LIMIT,
  type AccountCheckOptions,
  backoffSeconds,
  createAccountCheckThrottle,
  createLoginThrottle,
  FREE_REVEALS_PER_IP,
  IP_ACCOUNT_LIMIT,
  type LoginThrottle,
  PAIR_FREE_FAILURES,
  REVEAL_MAX_DELAY_MS,
  REVEALS_PER_EMAIL,
  revealDelayMs,
} from '../../src/server/accounts/throttle';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 2 });
afterAll(() => redis.quit());

type MakeChecks = (options: AccountCheckOptions) => ReturnType<typeof createAccountCheckThrottle>;
const stores: [string, () => LoginThrottle, MakeChecks][] = [
  ['memory', () => createLoginThrottle(), (options) => createAccountCheckThrottle(undefined, options)],
  ['redis', () => createLoginThrottle(redis), (options) => createAccountCheckThrottle(redis, options)],
];

/** A pause that waits for nothing and writes down how long it was asked to wait (no sleeps in tests). */
function recordedPauses() {
  const pauses: number[] = [];
  return { pauses, pause: async (ms: number) => void pauses.push(ms) };
}

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

it(`no wait for an IP's first ${FREE_REVEALS_PER_IP} different emails told "must sign in", then 0.5 s, 1 s, 2 s ... at most a few seconds`, () => {
  const waits = Array.from({ length: FREE_REVEALS_PER_IP + 12 }, (_, i) => revealDelayMs(i + 1));
  expect(waits.slice(0, FREE_REVEALS_PER_IP)).toEqual(Array(FREE_REVEALS_PER_IP).fill(0));
  expect(waits.slice(FREE_REVEALS_PER_IP, FREE_REVEALS_PER_IP + 4)).toEqual([500, 1000, 2000, 4000]);
  expect(Math.max(...waits)).toBe(REVEAL_MAX_DELAY_MS);
  expect(REVEAL_MAX_DELAY_MS).toBeLessThanOrEqual(5000);
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

  // decision 054 supersedes 017's "every check from the IP waits": the prober pays, not its neighbours.
  it(`an IP told "must sign in" about ${FREE_REVEALS_PER_IP} emails waits longer for each new one, never for one it was told already, and nobody at it is refused`, async () => {
    const { pauses, pause } = recordedPauses();
    const checks = makeChecks({ pause });
    const office = ipOf(5);
    const found = Array.from({ length: FREE_REVEALS_PER_IP + 3 }, (_, i) => email(`found${i}`));
    const waited: number[] = [];
    for (const address of found) {
      expect(await checks.retryAfter({ email: address, ip: office })).toBe(0);
      waited.push(await checks.recordReveal({ email: address, ip: office }));
    }
    expect(waited).toEqual([...Array(FREE_REVEALS_PER_IP).fill(0), 500, 1000, 2000]);
    expect(pauses).toEqual([500, 1000, 2000]);
    // The owner of an email already told at this address, trying again: no wait.
    expect(await checks.recordReveal({ email: found[0] ?? '', ip: office })).toBe(0);
    // A colleague's new email, and anyone at another address, is never held.
    expect(await checks.retryAfter({ email: email('colleague'), ip: office })).toBe(0);
    expect(await checks.recordReveal({ email: email('elsewhere'), ip: ipOf(6) })).toBe(0);
    expect(pauses).toEqual([500, 1000, 2000]);
  });

  it(`many "must sign in" checks sent at once from one IP all pay the wait, up to ${REVEAL_MAX_DELAY_MS} ms each`, async () => {
    const { pauses, pause } = recordedPauses();
    const checks = makeChecks({ pause });
    const prober = ipOf(7);
    const burst = Array.from({ length: FREE_REVEALS_PER_IP + 20 }, (_, i) => email(`burst${i}`));
    const waited = await Promise.all(burst.map((address) => checks.recordReveal({ email: address, ip: prober })));
    expect(waited.filter((ms) => ms === 0)).toHaveLength(FREE_REVEALS_PER_IP);
    expect(waited.filter((ms) => ms === REVEAL_MAX_DELAY_MS).length).toBeGreaterThanOrEqual(16);
    expect(pauses).toHaveLength(20);
  });

  it(`one email told "must sign in" ${REVEALS_PER_EMAIL} times from many IPs is refused everywhere for the hour; other emails are not`, async () => {
    const checks = makeChecks(recordedPauses());
    const probed = email('probed');
    for (let i = 0; i < REVEALS_PER_EMAIL; i += 1) {
      const ip = ipOf(200 + i);
      expect(await checks.retryAfter({ email: probed, ip })).toBe(0);
      expect(await checks.recordReveal({ email: probed, ip })).toBe(0);
    }
    expect(await checks.retryAfter({ email: probed, ip: ipOf(300) })).toBeGreaterThan(60 * 59);
    expect(await checks.retryAfter({ email: probed.toUpperCase(), ip: ipOf(301) })).toBeGreaterThan(0);
    expect(await checks.retryAfter({ email: email('neighbour'), ip: ipOf(300) })).toBe(0);
  });
});
