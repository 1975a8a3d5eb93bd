/**
 * Guessing voucher codes is throttled (docs/decisions/024), the way sign-ins are
 * (docs/decisions/017): rate-limiter-flexible counters, in memory or on Redis when a client is
 * given. Only codes that match nothing count: a real voucher refused (already redeemed, expired) is
 * not a guess.
 *
 * - **Member**: REDEEM_MEMBER_MISSES misses in REDEEM_WINDOW_SECONDS, then that member waits for
 *   the window to end. Ten mistypes in a quarter of an hour is far beyond a busy till.
 * - **Merchant**: REDEEM_MERCHANT_MISSES misses from all its members together, so inviting more
 *   accounts does not buy more guesses.
 * At these limits one merchant tries at most 480 codes a day against 2^40 codes (and a 6-digit
 * security code each): guessing a voucher this way is hopeless.
 */
import type Redis from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';

export const REDEEM_MEMBER_MISSES = 10;
export const REDEEM_MERCHANT_MISSES = 30;
export const REDEEM_WINDOW_SECONDS = 15 * 60;

export interface RedeemAttemptKey {
  merchantId: number;
  userId: number;
}

export interface RedeemThrottle {
  /** Seconds this member must wait before trying a code; 0 when they may try now. */
  retryAfter(key: RedeemAttemptKey): Promise<number>;
  /** Counts a code that matched no voucher. */
  recordMiss(key: RedeemAttemptKey): Promise<void>;
}

/** A redeem throttle; pass a Redis client to share counts between processes. */
export function createRedeemThrottle(redis?: Redis): RedeemThrottle {
  const make = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const options = { keyPrefix, points, duration: REDEEM_WINDOW_SECONDS };
    return redis === undefined
      ? new RateLimiterMemory(options)
      : new RateLimiterRedis({ storeClient: redis, ...options });
  };
  const member = make('redeem_miss_member', REDEEM_MEMBER_MISSES);
  const merchant = make('redeem_miss_merchant', REDEEM_MERCHANT_MISSES);
  const memberKey = (key: RedeemAttemptKey) => `${key.merchantId}:${key.userId}`;
  const waitOf = async (limiter: RateLimiterAbstract, key: string, limit: number) => {
    const state = await limiter.get(key);
    if (state === null || state.consumedPoints < limit) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  };
  return {
    async retryAfter(key) {
      const [forMember, forMerchant] = await Promise.all([
        waitOf(member, memberKey(key), REDEEM_MEMBER_MISSES),
        waitOf(merchant, String(key.merchantId), REDEEM_MERCHANT_MISSES),
      ]);
      return Math.max(forMember, forMerchant);
    },
    async recordMiss(key) {
      await Promise.all([member.penalty(memberKey(key), 1), merchant.penalty(String(key.merchantId), 1)]);
    },
  };
}
