/**
 * Promotion codes (spec 3 checkout data promoCode (applicable, message), spec 5
 * "Promo code messages are classed by containing: expired, invalid, already used, not applicable,
 * not eligible"). Pure: the promotions service reads the code, the shopper's uses and the basket,
 * and asks `evaluatePromoCode` whether it applies and to which lines; the pricing pipeline then
 * takes the discount off those lines (`promotionCodeRule` in ./pricing.ts).
 */
import { formatMoney } from './money';

export type PromoKind = 'percent' | 'fixed';

/** A promotion code as the operator set it up. */
export interface PromoCodeRule {
  id: number;
  code: string;
  kind: PromoKind;
  /** percent codes: whole percent off each eligible line (1 to 100). */
  percentOff: number | null;
  /** fixed codes: pence off the eligible lines together (never more than they cost). */
  amountOffMinor: number | null;
  currency: 'GBP' | 'EUR';
  /** The eligible lines must cost at least this before the discount. */
  minSpendMinor: number;
  /** Uses in total; null: no limit. */
  maxUses: number | null;
  usesCount: number;
  /** Uses per shopper; null: no limit. */
  perUserLimit: number | null;
  startsAt: Date;
  endsAt: Date | null;
  /** Set when an operator ended the code early. */
  endedAt: Date | null;
  /** Limits by category and sub-category (spec 7 promocode/subcategory); empty: every item. */
  categoryIds: readonly number[];
  subCategoryIds: readonly number[];
  /** Only for a shopper's first order. */
  firstOrderOnly: boolean;
  /** Who may use it (docs/decisions/048, decision 021): every shopper, VIP members only, or non-VIP shoppers. Absent: all. */
  audience?: PromoAudience;
}

/** Who a code is for (docs/decisions/048). */
export type PromoAudience = 'all' | 'vip' | 'non-vip';
export const PROMO_AUDIENCES: readonly PromoAudience[] = ['all', 'vip', 'non-vip'];

/** A basket line as a code reads it: its categories and what it costs before the discount. */
export interface PromoLine {
  id: number;
  categoryId: number;
  subCategoryId: number | null;
  currency: 'GBP' | 'EUR';
  /** The line's price before the code (after a deposit), without postage. */
  priceMinor: number;
}

/** What the service knows of the shopper: null id for a guest (checked again when they pay). */
export interface PromoShopper {
  userId: number | null;
  usesByShopper: number;
  ordersPlaced: number;
  /** spec 6 vipUser: the signed-in shopper is a VIP member (a guest is not; absent: not known, not checked). */
  isVip?: boolean;
}

/** spec 5's classes: every refusal's message contains its class's words. */
export type PromoRefusal = 'expired' | 'invalid' | 'alreadyUsed' | 'notApplicable' | 'notEligible';

/** A code that applies: how much comes off which lines (the pricing rule reads this). */
export interface PricingPromotion {
  promoCodeId: number;
  code: string;
  kind: PromoKind;
  percentOff: number;
  amountOffMinor: number;
  lineIds: readonly number[];
}

export type PromoVerdict =
  | { ok: true; promotion: PricingPromotion; message: string }
  | { ok: false; refusal: PromoRefusal; message: string };

/** The longest code a shopper can type (longer is simply invalid). */
export const PROMO_CODE_MAX_LENGTH = 40;

/** Codes are matched without regard to case or surrounding spaces. */
export function normalisePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The shopper's words for each refusal; each contains its spec 5 class. */
export const PROMO_MESSAGES = {
  invalid: 'This promo code is invalid. Please check it and try again.',
  notStarted: 'This promo code is invalid until its offer starts.',
  expired: 'This promo code has expired.',
  usedUp: 'This promo code has already used up all its uses.',
  alreadyUsedByShopper: 'You have already used this promo code.',
  notApplicable: 'This promo code is not applicable to the items in your basket.',
  notEligibleFirstOrder: 'You are not eligible for this promo code: it is for a first order only.',
  notEligibleVipOnly: 'You are not eligible for this promo code: it is for VIP members only.',
  notEligibleVipOnlyGuest: 'You are not eligible for this promo code: it is for VIP members only. Sign in to use it.',
  notEligibleNonVip: 'You are not eligible for this promo code: it is for shoppers who are not VIP members.',
  wrongCurrency: 'This promo code is not applicable to orders in this currency.',
} as const;

/** "not applicable" below the minimum spend, naming it. */
export function minimumSpendMessage(minSpendMinor: number, currency: 'GBP' | 'EUR'): string {
  return `This promo code is not applicable to orders under ${formatMoney({ amountMinor: minSpendMinor, currency })}.`;
}

/** The message a code that applies shows under the field. */
export function appliedMessage(
  rule: Pick<PromoCodeRule, 'code' | 'kind' | 'percentOff' | 'amountOffMinor' | 'currency'>,
) {
  const off =
    rule.kind === 'percent'
      ? `${rule.percentOff ?? 0}% off`
      : `${formatMoney({ amountMinor: rule.amountOffMinor ?? 0, currency: rule.currency })} off`;
  return `Promo code ${rule.code} applied: ${off}.`;
}

/**
 * docs/decisions/048: a VIP-only code is refused to a shopper who is not a VIP member (a guest is told
 * to sign in), a non-VIP code to a VIP member; null when the shopper is in the code's audience or their
 * membership is not known here (checked again when the order commits).
 */
export function audienceRefusalOf(audience: PromoAudience, shopper: PromoShopper): string | null {
  if (audience === 'all') return null;
  if (shopper.userId === null) return audience === 'vip' ? PROMO_MESSAGES.notEligibleVipOnlyGuest : null;
  if (shopper.isVip === undefined) return null;
  if (audience === 'vip' && !shopper.isVip) return PROMO_MESSAGES.notEligibleVipOnly;
  if (audience === 'non-vip' && shopper.isVip) return PROMO_MESSAGES.notEligibleNonVip;
  return null;
}

function lineFits(rule: PromoCodeRule, line: PromoLine): boolean {
  const byCategory = rule.categoryIds.length === 0 || rule.categoryIds.includes(line.categoryId);
  const bySub =
    rule.subCategoryIds.length === 0 ||
    (line.subCategoryId !== null && rule.subCategoryIds.includes(line.subCategoryId));
  return byCategory && bySub;
}

/**
 * Whether this code applies to these lines for this shopper now, checked in the order a shopper
 * would want to hear it: dates, total uses, the shopper's own uses and eligibility, then the basket.
 */
export function evaluatePromoCode(
  rule: PromoCodeRule | null,
  lines: readonly PromoLine[],
  shopper: PromoShopper,
  now: Date,
): PromoVerdict {
  const refuse = (refusal: PromoRefusal, message: string): PromoVerdict => ({ ok: false, refusal, message });
  if (rule === null) return refuse('invalid', PROMO_MESSAGES.invalid);
  if (now.getTime() < rule.startsAt.getTime()) return refuse('invalid', PROMO_MESSAGES.notStarted);
  const ended = [rule.endsAt, rule.endedAt].some((at) => at !== null && at.getTime() <= now.getTime());
  if (ended) return refuse('expired', PROMO_MESSAGES.expired);
  if (rule.maxUses !== null && rule.usesCount >= rule.maxUses) return refuse('alreadyUsed', PROMO_MESSAGES.usedUp);
  if (shopper.userId !== null && rule.perUserLimit !== null && shopper.usesByShopper >= rule.perUserLimit)
    return refuse('alreadyUsed', PROMO_MESSAGES.alreadyUsedByShopper);
  if (rule.firstOrderOnly && shopper.userId !== null && shopper.ordersPlaced > 0)
    return refuse('notEligible', PROMO_MESSAGES.notEligibleFirstOrder);
  const audienceRefusal = audienceRefusalOf(rule.audience ?? 'all', shopper);
  if (audienceRefusal !== null) return refuse('notEligible', audienceRefusal);
  if (lines.length > 0 && lines.some((line) => line.currency !== rule.currency))
    return refuse('notApplicable', PROMO_MESSAGES.wrongCurrency);
  const eligible = lines.filter((line) => lineFits(rule, line));
  if (eligible.length === 0) return refuse('notApplicable', PROMO_MESSAGES.notApplicable);
  const spend = eligible.reduce((sum, line) => sum + line.priceMinor, 0);
  if (spend < rule.minSpendMinor)
    return refuse('notApplicable', minimumSpendMessage(rule.minSpendMinor, rule.currency));
  return {
    ok: true,
    message: appliedMessage(rule),
    promotion: {
      promoCodeId: rule.id,
      code: rule.code,
      kind: rule.kind,
      percentOff: rule.percentOff ?? 0,
      amountOffMinor: rule.amountOffMinor ?? 0,
      lineIds: eligible.map((line) => line.id),
    },
  };
}

/**
 * The discount on each eligible line (positive pence). Percent: each unit's price times the
 * percentage, rounded half up to the penny, times the quantity (so every unit costs whole pence). Fixed: the amount shared across the lines in proportion
 * to their prices (rounded down, the pennies left over to the dearest lines first), never more
 * than the lines cost, so the parts always add up to the whole.
 */
export function promotionDiscounts(
  promotion: Pick<PricingPromotion, 'kind' | 'percentOff' | 'amountOffMinor'>,
  lines: readonly { id: number; priceMinor: number; quantity?: number }[],
): { lineId: number; discountMinor: number }[] {
  const priced = lines.filter((line) => line.priceMinor > 0);
  if (promotion.kind === 'percent') {
    const percent = Math.min(100, Math.max(0, promotion.percentOff));
    return priced
      .map((line) => {
        const quantity = line.quantity && line.priceMinor % line.quantity === 0 ? line.quantity : 1;
        const unit = line.priceMinor / quantity;
        return { lineId: line.id, discountMinor: Math.floor((unit * percent + 50) / 100) * quantity };
      })
      .filter((d) => d.discountMinor > 0);
  }
  const total = priced.reduce((sum, line) => sum + line.priceMinor, 0);
  const off = Math.min(total, Math.max(0, promotion.amountOffMinor));
  if (off === 0) return [];
  const shares = priced.map((line) => ({
    lineId: line.id,
    priceMinor: line.priceMinor,
    discountMinor: Math.floor((off * line.priceMinor) / total),
  }));
  let left = off - shares.reduce((sum, s) => sum + s.discountMinor, 0);
  for (const share of [...shares].sort((a, b) => b.priceMinor - a.priceMinor || a.lineId - b.lineId)) {
    if (left === 0) break;
    if (share.discountMinor < share.priceMinor) {
      share.discountMinor += 1;
      left -= 1;
    }
  }
  return shares.filter((s) => s.discountMinor > 0).map(({ lineId, discountMinor }) => ({ lineId, discountMinor }));
}
