import { describe, expect, it } from 'vitest';
import { audienceRefusalOf, evaluatePromoCode, PROMO_MESSAGES, type PromoCodeRule } from './promotions';

const rule = (audience: PromoCodeRule['audience']): PromoCodeRule => ({
  id: 1,
  code: 'VIP10',
  kind: 'percent',
  percentOff: 10,
  amountOffMinor: null,
  currency: 'GBP',
  minSpendMinor: 0,
  maxUses: null,
  usesCount: 0,
  perUserLimit: null,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: null,
  endedAt: null,
  categoryIds: [],
  subCategoryIds: [],
  firstOrderOnly: false,
  audience,
});
const lines = [{ id: 1, categoryId: 3, subCategoryId: null, currency: 'GBP' as const, priceMinor: 2_000 }];
const now = new Date('2026-11-29T10:00:00Z');
const shopper = (isVip: boolean | undefined, userId: number | null = 7) => ({
  userId,
  usesByShopper: 0,
  ordersPlaced: 0,
  isVip,
});

describe('promo code audience (decision 021 and 048; spec 5 "not eligible")', () => {
  it('a VIP-only code: refused to a shopper who is not VIP, applies for a VIP', () => {
    expect(evaluatePromoCode(rule('vip'), lines, shopper(false), now)).toMatchObject({
      ok: false,
      refusal: 'notEligible',
      message: PROMO_MESSAGES.notEligibleVipOnly,
    });
    expect(evaluatePromoCode(rule('vip'), lines, shopper(true), now).ok).toBe(true);
  });
  it('a non-VIP code: refused to a VIP member, applies for everyone else', () => {
    expect(evaluatePromoCode(rule('non-vip'), lines, shopper(true), now)).toMatchObject({
      ok: false,
      message: PROMO_MESSAGES.notEligibleNonVip,
    });
    expect(evaluatePromoCode(rule('non-vip'), lines, shopper(false), now).ok).toBe(true);
  });
  it('a guest is told to sign in for a VIP code; every message says "not eligible"', () => {
    expect(audienceRefusalOf('vip', shopper(undefined, null))).toBe(PROMO_MESSAGES.notEligibleVipOnlyGuest);
    expect(audienceRefusalOf('non-vip', shopper(undefined, null))).toBeNull();
    expect(audienceRefusalOf('all', shopper(false))).toBeNull();
    for (const message of [
      PROMO_MESSAGES.notEligibleVipOnly,
      PROMO_MESSAGES.notEligibleVipOnlyGuest,
      PROMO_MESSAGES.notEligibleNonVip,
    ])
      expect(message).toContain('not eligible');
  });
});
