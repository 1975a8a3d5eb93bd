/**
 * Login throttling (docs/decisions/017-login-throttling.md), with
 * rate-limiter-flexible in memory or on Redis when a client is given. Nothing here locks an
 * account: a stranger's wrong passwords slow down that stranger, not the owner.
 *
 * - **Pair** (account and IP, or account and known device): the first PAIR_FREE_FAILURES
 *   failures cost nothing; each further one makes that pair wait twice as long as the last
 *   (2 s, 4 s, 8 s, ... up to 15 minutes). Another IP or the owner's known device has its own pair.
 * - **Account**, across all IPs (distributed guessing): ACCOUNT_FAILURE_LIMIT failures an hour,
 *   then new devices wait for the hour to end. A known device and an emailed link still sign in.
 * - **IP**, across accounts: an IP that failed against IP_ACCOUNT_LIMIT different accounts in an
 *   hour is abusive and waits for the hour to end (known devices excepted). Many failures on a
 *   few accounts (a shared office, a mobile network) never block another account's sign-in.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** Failures a pair (account and IP or device) may make before backoff starts. */
export const PAIR_FREE_FAILURES = 5;
/** The longest backoff a pair waits after a failure. */
export const PAIR_MAX_BACKOFF_SECONDS = 15 * 60;
/** Failures an account may have in an hour from all IPs together (OWASP: slower, global limit). */
export const ACCOUNT_FAILURE_LIMIT = 50;
/** Different accounts one IP may fail against in an hour before it counts as abusive. */
export const IP_ACCOUNT_LIMIT = 30;
export const FAILURE_WINDOW_SECONDS = 60 * 60;

/** One sign-in attempt as the throttle sees it. `device` is the known-device id for this account, if any. */
export interface ThrottleKey {
  email: string;
  ip: string;
  device?: string | null;
}

export interface LoginThrottle {
  /** Seconds this attempt must wait; 0 when it may try now. */
  retryAfter(attempt: ThrottleKey): Promise<number>;
  /** Counts a failed attempt (and starts or doubles the pair's backoff). */
  recordFailure(attempt: ThrottleKey): Promise<void>;
  /** A successful sign-in forgets its own pair's failures. */
  recordSuccess(attempt: ThrottleKey): Promise<void>;
  /** A password reset: the account's failures (all IPs) and this pair's are forgotten. */
  clearAccount(attempt: ThrottleKey): Promise<void>;
}

interface Limiters {
  pairCount: RateLimiterAbstract;
  pairWait: RateLimiterAbstract;
  account: RateLimiterAbstract;
  ipAccounts: RateLimiterAbstract;
}

function limiters(redis: Redis | undefined): Limiters {
  const make = (keyPrefix: string, points: number) => {
    const options = { keyPrefix, points, duration: FAILURE_WINDOW_SECONDS };
    return redis === undefined
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({ storeClient: redis, ...options });
  };
  return {
    pairCount: make('login_fail_pair', 1_000_000),
    pairWait: make('login_wait_pair', 1),
    account: make('login_fail_account', ACCOUNT_FAILURE_LIMIT),
    ipAccounts: make('login_fail_ip_accounts', IP_ACCOUNT_LIMIT),
  };
}

/** Keys never hold a raw email: a short digest is enough to count by. */
const digest = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);
const accountKey = (attempt: ThrottleKey) => digest(attempt.email.toLowerCase());
const pairKey = (attempt: ThrottleKey) =>
  `${accountKey(attempt)}:${attempt.device ? `d:${attempt.device}` : `ip:${attempt.ip}`}`;

/** The wait after a pair's nth failure: none for the free ones, then 2 s, 4 s, 8 s ... capped. */
export function backoffSeconds(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_MAX_BACKOFF_SECONDS, 2 ** (failures - PAIR_FREE_FAILURES + 1));
}

/** A login throttle; pass a Redis client to share counts between processes. */
export function createLoginThrottle(redis?: Redis): LoginThrottle {
  const { pairCount, pairWait, account, ipAccounts } = limiters(redis);
  const waitOf = async (limiter: RateLimiterAbstract, key: string, limit: number): Promise<number> => {
    const state = await limiter.get(key);
    if (state === null || state.consumedPoints < limit) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  };
  return {
    async retryAfter(attempt) {
      const pair = await waitOf(pairWait, pairKey(attempt), 1);
      if (attempt.device) return pair;
      const [forAccount, forIp] = await Promise.all([
        waitOf(account, accountKey(attempt), ACCOUNT_FAILURE_LIMIT),
        waitOf(ipAccounts, attempt.ip, IP_ACCOUNT_LIMIT),
      ]);
      return Math.max(pair, forAccount, forIp);
    },
    async recordFailure(attempt) {
      const key = pairKey(attempt);
      const counted = await pairCount.penalty(key, 1);
      const wait = backoffSeconds(counted.consumedPoints);
      if (wait > 0) await pairWait.block(key, wait);
      if (attempt.device) return;
      await account.penalty(accountKey(attempt), 1);
      // The first failure of this pair in the window: one more account tried from this IP.
      if (counted.consumedPoints === 1) await ipAccounts.penalty(attempt.ip, 1);
    },
    async recordSuccess(attempt) {
      const key = pairKey(attempt);
      await Promise.all([pairCount.delete(key), pairWait.delete(key)]);
    },
    async clearAccount(attempt) {
      const key = pairKey(attempt);
      await Promise.all([pairCount.delete(key), pairWait.delete(key), account.delete(accountKey(attempt))]);
    },
  };
}

/**
 * How many times an hour one IP may be told (docs/decisions/017: no account enumeration), without
 * signing in, that an email must sign in (account-status, a guest's pay with an account's email).
 * Answers that tell nothing (an unknown email, an account made at checkout) are free, so ordinary
 * guests are never held; once an IP has been told this many, every anonymous check from it waits
 * for the hour to end.
 */
export const ACCOUNT_CHECK_LIMIT = 10;

export interface AccountCheckThrottle {
  /** Seconds this IP must wait before any anonymous account check; 0 when it may check. */
  retryAfter(ip: string): Promise<number>;
  /** Counts an answer that told this IP an email must sign in. */
  recordReveal(ip: string): Promise<void>;
}

export function createAccountCheckThrottle(redis?: Redis): AccountCheckThrottle {
  const options = { keyPrefix: 'account_check_ip', points: ACCOUNT_CHECK_LIMIT, duration: FAILURE_WINDOW_SECONDS };
  const limiter =
    redis === undefined ? new RateLimiterMemory(options) : new RateLimiterRedis({ storeClient: redis, ...options });
  return {
    async retryAfter(ip) {
      const state = await limiter.get(ip);
      if (state === null || state.consumedPoints < ACCOUNT_CHECK_LIMIT) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async recordReveal(ip) {
      await limiter.penalty(ip, 1);
    },
  };
}
