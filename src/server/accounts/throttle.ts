/**
 * Login throttling (issue 6): per account and per IP, with rate-limiter-flexible in memory or on
 * Redis when a client is given. The tenth rapid failure for one account locks it (users.is_locked)
 * until a password reset.
 */
import type Redis from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

/** Failures allowed per account in the window; the last one locks the account. */
export const ACCOUNT_FAILURE_LIMIT = 10;
/** Failures allowed per IP in the window (shared offices and mobile networks get some room). */
export const IP_FAILURE_LIMIT = 100;
export const FAILURE_WINDOW_SECONDS = 15 * 60;

export interface LoginThrottle {
  /** Seconds to wait when this email or IP may not try now; 0 when it may. */
  retryAfter(email: string, ip: string): Promise<number>;
  /** Records a failure; true when it used up the account's last attempt. */
  recordFailure(email: string, ip: string): Promise<boolean>;
  /** Forgets the account's failures (successful sign-in or password reset). */
  clear(email: string): Promise<void>;
}

function limiters(redis: Redis | undefined): { account: RateLimiterAbstract; ip: RateLimiterAbstract } {
  const options = (keyPrefix: string, points: number) => ({ keyPrefix, points, duration: FAILURE_WINDOW_SECONDS });
  if (redis === undefined) {
    return {
      account: new RateLimiterMemory(options('login_fail_account', ACCOUNT_FAILURE_LIMIT)),
      ip: new RateLimiterMemory(options('login_fail_ip', IP_FAILURE_LIMIT)),
    };
  }
  return {
    account: new RateLimiterRedis({ storeClient: redis, ...options('login_fail_account', ACCOUNT_FAILURE_LIMIT) }),
    ip: new RateLimiterRedis({ storeClient: redis, ...options('login_fail_ip', IP_FAILURE_LIMIT) }),
  };
}

function remainingOf(result: unknown): number {
  if (result !== null && typeof result === 'object' && 'remainingPoints' in result) {
    return Number(result.remainingPoints);
  }
  return 0;
}

/** A login throttle; pass a Redis client to share counts between processes. */
export function createLoginThrottle(redis?: Redis): LoginThrottle {
  const { account, ip } = limiters(redis);
  const secondsLeft = async (limiter: RateLimiterAbstract, key: string, limit: number): Promise<number> => {
    const state = await limiter.get(key);
    if (state === null || state.consumedPoints < limit) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  };
  return {
    async retryAfter(email, address) {
      const [forAccount, forIp] = await Promise.all([
        secondsLeft(account, email, ACCOUNT_FAILURE_LIMIT),
        secondsLeft(ip, address, IP_FAILURE_LIMIT),
      ]);
      return Math.max(forAccount, forIp);
    },
    async recordFailure(email, address) {
      await ip.consume(address).catch(() => undefined);
      const result = await account.consume(email).catch((rejection: unknown) => rejection);
      return remainingOf(result) <= 0;
    },
    async clear(email) {
      await account.delete(email);
    },
  };
}
