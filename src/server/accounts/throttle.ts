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
import { setTimeout as wait } from 'node:timers/promises';
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

/** One hourly counter, in memory or on Redis. */
function limiter(redis: Redis | undefined, keyPrefix: string, points: number): RateLimiterAbstract {
  const options = { keyPrefix, points, duration: FAILURE_WINDOW_SECONDS };
  return redis === undefined
    ? new RateLimiterMemory(options)
    : new RateLimiterRedis({ storeClient: redis, ...options });
}

function limiters(redis: Redis | undefined): Limiters {
  const make = (keyPrefix: string, points: number) => limiter(redis, keyPrefix, points);
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
 * Anonymous account checks (docs/decisions/054-checkout-throttle-costs-the-prober.md, which
 * supersedes that part of 017): account-status and a guest's pay tell a stranger that an email must
 * sign in. Only those answers ("reveals") are counted; an answer that tells nothing (an unknown email,
 * an account made at checkout) is never counted, slowed or refused, so a guest is never held for what
 * someone else at the same address asked.
 * - **Pair** (email and IP): only the first reveal of an email to an IP tells that IP something new.
 * - **IP**: the first FREE_REVEALS_PER_IP different emails revealed to one IP in an hour are answered
 *   at once; each further new email's answer waits longer (revealDelayMs, at most a few seconds).
 *   An email already revealed to that IP (its owner trying again) never waits.
 * - **Email**: an email revealed REVEALS_PER_EMAIL times in an hour, from any IPs, is refused before
 *   the lookup until the hour ends. Only an email already told "must sign in" gets there, so the
 *   refusal tells nobody more than the answers before it did.
 */
export const FREE_REVEALS_PER_IP = 10;
/** The wait for the first new email past an IP's free ones; each next one waits twice as long. */
export const REVEAL_FIRST_DELAY_MS = 500;
/** The longest a "must sign in" answer waits. */
export const REVEAL_MAX_DELAY_MS = 4_000;
/** "Must sign in" answers one email may be given in an hour, from all IPs together. */
export const REVEALS_PER_EMAIL = 10;

/** The wait before an IP is told about its nth different email this hour: none for the free ones, then 0.5 s, 1 s, 2 s, 4 s, 4 s ... */
export function revealDelayMs(newEmails: number): number {
  if (newEmails <= FREE_REVEALS_PER_IP) return 0;
  return Math.min(REVEAL_MAX_DELAY_MS, REVEAL_FIRST_DELAY_MS * 2 ** (newEmails - FREE_REVEALS_PER_IP - 1));
}

/** One anonymous check: the email asked about, and the address asking. */
export interface AccountCheck {
  email: string;
  ip: string;
}

export interface AccountCheckThrottle {
  /**
   * Seconds before this email may be checked anonymously again, from any IP; 0 when it may. Asked
   * before the lookup, for every email alike, so it takes the same time whether or not there is an account.
   */
  retryAfter(check: AccountCheck): Promise<number>;
  /**
   * Counts an answer telling this IP that this email must sign in, and waits as long as that answer
   * must (see revealDelayMs) before returning the milliseconds waited.
   */
  recordReveal(check: AccountCheck): Promise<number>;
}

export interface AccountCheckOptions {
  /** How a slowed answer waits: a timer, unless a test passes its own. */
  pause?: (ms: number) => Promise<void>;
}

/** The anonymous account-check throttle; pass a Redis client to share counts between processes. */
export function createAccountCheckThrottle(redis?: Redis, options: AccountCheckOptions = {}): AccountCheckThrottle {
  const pause = options.pause ?? ((ms: number) => wait(ms));
  const pairs = limiter(redis, 'account_check_pair', 1_000_000);
  const ipEmails = limiter(redis, 'account_check_ip_emails', 1_000_000);
  const perEmail = limiter(redis, 'account_check_email', REVEALS_PER_EMAIL);
  return {
    async retryAfter(check) {
      const state = await perEmail.get(digest(check.email.toLowerCase()));
      if (state === null || state.consumedPoints < REVEALS_PER_EMAIL) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    async recordReveal(check) {
      const emailKey = digest(check.email.toLowerCase());
      const [pair] = await Promise.all([pairs.penalty(`${emailKey}:ip:${check.ip}`, 1), perEmail.penalty(emailKey, 1)]);
      // The same email told again to the same IP tells it nothing new: no wait, no new count.
      if (pair.consumedPoints > 1) return 0;
      const told = await ipEmails.penalty(check.ip, 1);
      const ms = revealDelayMs(told.consumedPoints);
      if (ms > 0) await pause(ms);
      return ms;
    },
  };
}
