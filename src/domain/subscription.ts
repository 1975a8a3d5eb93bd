/**
 * The VIP subscription (spec 1, 3 "Subscription statuses", 4 "VIP flag", 9 VIP constants): a
 * monthly membership bought as the subscription deal, renewed each month until the member cancels
 * the renewal, VIP until the paid period ends. Pure rules; src/server/subscriptions keeps the rows.
 */

/** spec 1 and 9: the subscription deal's id. */
export const VIP_SUBSCRIPTION_DEAL_ID = 18927099;
/** spec 1 and 9: the subscription costs at most 4.99 pounds a month. */
export const VIP_MAX_COST_MINOR = 499;
/** spec 9 VIP limit: how many VIP deals one VIP listing page shows. */
export const VIP_LIMIT = 60;

/** spec 3 Subscription statuses. */
export const SUBSCRIPTION_STATUSES = ['ELIGIBLE', 'ACTIVE', 'RENEW', 'NOT_CHECKED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A subscription as the rules read it. */
export interface SubscriptionFacts {
  currentPeriodEnd: Date;
  /** False once the member chose Cancel Renewal. */
  renews: boolean;
  /** True once the period ended without a renewal (cancelled, or the charge failed). */
  lapsed: boolean;
}

/**
 * Whether the member is VIP now: a period paid for and not yet over, or a renewing one whose
 * renewal is the job's to charge (it stays VIP until the renewal job renews it or lets it lapse).
 */
export function isSubscriptionValid(sub: SubscriptionFacts | null, now: Date): boolean {
  if (sub === null || sub.lapsed) return false;
  return sub.renews || now.getTime() < sub.currentPeriodEnd.getTime();
}

/**
 * spec 3 statuses (transitions: docs/decisions/027): NOT_CHECKED before anyone looked (a guest);
 * ELIGIBLE with no valid subscription (may join); ACTIVE while VIP and renewing; RENEW while VIP
 * after Cancel Renewal (VIP to the period's end, then ELIGIBLE; joining again renews).
 */
export function subscriptionStatus(sub: SubscriptionFacts | null, now: Date, checked = true): SubscriptionStatus {
  if (!checked) return 'NOT_CHECKED';
  if (sub === null || !isSubscriptionValid(sub, now)) return 'ELIGIBLE';
  return sub.renews ? 'ACTIVE' : 'RENEW';
}

/** One calendar month later; the 31st becomes the month's last day (31 Jan -> 28 or 29 Feb). */
export function addOneMonth(from: Date): Date {
  const next = new Date(from.getTime());
  const day = from.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** spec 4 VIP flag: stored locally as "VIP" or "Non - VIP", removed when unknown (null). */
export function vipFlagValue(isVip: boolean | null): 'VIP' | 'Non - VIP' | null {
  if (isVip === null) return null;
  return isVip ? 'VIP' : 'Non - VIP';
}

/** spec 4: the subscription-validity cookie's name; its value is "true" or "false" after a server check. */
export const SUBSCRIPTION_VALID_COOKIE = 'subscription_valid';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DMCC Act 2024 subscription rules (docs/decisions/047): the cooling-off right. Within this many days
 * of joining, and of each renewal (for the rest of that period), cancelling refunds the unused part.
 */
export const COOLING_OFF_DAYS = 14;

/** DMCC Act 2024 reminders (decision 047): the renewal reminder goes this many days before each renewal. */
export const RENEWAL_REMINDER_DAYS = 3;

/** How long the reminder's one-click cancel link works: to the end of the cooling-off after the renewal it announces. */
export const CANCEL_LINK_DAYS_AFTER_RENEWAL = COOLING_OFF_DAYS;

/** One paid period of a subscription, as the cooling-off and reminder rules read it. */
export interface PaidPeriod {
  start: Date;
  end: Date;
  /** What the period cost (pence). */
  paidMinor: number;
}

/** When the cooling-off of a period ends: 14 days after it started, or the period's end if sooner. */
export function coolingOffEndsAt(period: Pick<PaidPeriod, 'start' | 'end'>): Date {
  return new Date(Math.min(period.start.getTime() + COOLING_OFF_DAYS * DAY_MS, period.end.getTime()));
}

/** Whether cancelling now is within the period's cooling-off (so the unused part is refunded). */
export function isWithinCoolingOff(period: Pick<PaidPeriod, 'start' | 'end'>, now: Date): boolean {
  const at = now.getTime();
  return at >= period.start.getTime() && at < coolingOffEndsAt(period).getTime();
}

/**
 * The unused part of a paid period, pro rata by days, in whole pence, rounded in the shopper's
 * favour (decision 047): a day begun is not counted as used, and a fraction of a penny is paid out.
 * Days are whole 24-hour days from the period's start; the period's length is rounded to whole days.
 */
export function unusedPartMinor(period: PaidPeriod, now: Date): number {
  if (period.paidMinor <= 0) return 0;
  const totalDays = Math.max(1, Math.round((period.end.getTime() - period.start.getTime()) / DAY_MS));
  const elapsed = Math.max(0, now.getTime() - period.start.getTime());
  const usedDays = Math.min(totalDays, Math.floor(elapsed / DAY_MS));
  const unusedDays = totalDays - usedDays;
  return Math.ceil((period.paidMinor * unusedDays) / totalDays);
}

/** What cancelling now does: a refund of the unused part and VIP ends at once, or the renewal stops and VIP lasts to the period's end. */
export type CancelOutcome = { kind: 'refund'; refundMinor: number } | { kind: 'stopRenewal'; vipUntil: Date };

/** The cancellation rule (decision 047): inside the cooling-off, refund what is unused; outside, stop the renewal. */
export function cancellationOutcome(period: PaidPeriod, now: Date): CancelOutcome {
  if (isWithinCoolingOff(period, now)) {
    const refundMinor = unusedPartMinor(period, now);
    if (refundMinor > 0) return { kind: 'refund', refundMinor };
  }
  return { kind: 'stopRenewal', vipUntil: period.end };
}

/** When the reminder for the renewal at `renewalAt` is due. */
export function reminderDueAt(renewalAt: Date): Date {
  return new Date(renewalAt.getTime() - RENEWAL_REMINDER_DAYS * DAY_MS);
}

/**
 * Whether the renewal reminder for the current period is due now (decision 047; DMCC Act 2024): a
 * renewing, unlapsed subscription whose renewal is at most RENEWAL_REMINDER_DAYS away and not yet
 * past. Every renewal gets one (the jobs send it once per period), so the first paid period after a
 * free or discounted one is announced too: the reminder states the next charge (`nextChargeMinor`),
 * not what the current period cost. The shop has no free or discounted period today (every period
 * costs the subscription price), but the rule holds when one is added.
 */
export function isReminderDue(sub: SubscriptionFacts, now: Date): boolean {
  if (sub.lapsed || !sub.renews) return false;
  const at = now.getTime();
  return at >= reminderDueAt(sub.currentPeriodEnd).getTime() && at < sub.currentPeriodEnd.getTime();
}

/**
 * Whether a reminder must say the price goes up: the next charge is more than the current period
 * cost (a free or discounted period ending). The email states it plainly when so.
 */
export function isFirstFullPricePeriod(currentPaidMinor: number, nextChargeMinor: number): boolean {
  return nextChargeMinor > currentPaidMinor;
}

/** The membership's terms, stated before buying (deal page, deal API, checkout summary; DMCC Act 2024 pre-contract information). */
export const VIP_TERMS = {
  benefits: [
    'VIP prices on deals with a VIP offer',
    'VIP-exclusive options only members can buy',
    `The VIP listing: up to ${VIP_LIMIT} deals picked for members`,
  ],
  period: 'month',
  renewal: 'Renews every month on the card or PayPal account you pay with, until you cancel.',
  howToCancel: `Cancel in one step from My Subscriptions, or from the link in the reminder email we send ${RENEWAL_REMINDER_DAYS} days before each renewal.`,
  coolingOff: `Within ${COOLING_OFF_DAYS} days of joining, and within ${COOLING_OFF_DAYS} days of each renewal, cancelling refunds the unused part of that month to the way you paid, and VIP ends at once. After that, cancelling stops the next renewal and you keep VIP to the end of the month you paid for.`,
} as const;

/** The one-click cancel page's words (decision 047): a link that cannot be used says why and what to do instead. */
export const VIP_CANCEL_COPY = {
  invalid: "This cancellation link isn't valid. Sign in and cancel VIP from My Subscriptions: it takes one click.",
  expired: 'This cancellation link has expired. Sign in and cancel VIP from My Subscriptions: it takes one click.',
  ended: 'Your VIP membership has ended. Nothing more will be charged.',
} as const;

/** The membership as the deal API (spec 7 deal) states it beside the deal, before buying (decision 047). */
export interface VipMembershipTerms {
  price: { amountMinor: number; currency: 'GBP' | 'EUR' };
  period: 'month';
  renewsUntilCancelled: true;
  benefits: readonly string[];
  renewal: string;
  howToCancel: string;
  coolingOff: string;
  coolingOffDays: number;
  reminderDaysBeforeRenewal: number;
  /** Where a member cancels in one step. */
  manageUrl: string;
}

/** The membership's terms at a catalogue price, never more than VIP_MAX_COST_MINOR (spec 1 and 9). */
export function vipMembershipTerms(catalogueMinor: number, currency: 'GBP' | 'EUR' = 'GBP'): VipMembershipTerms {
  return {
    price: { amountMinor: Math.min(catalogueMinor, VIP_MAX_COST_MINOR), currency },
    period: 'month',
    renewsUntilCancelled: true,
    benefits: VIP_TERMS.benefits,
    renewal: VIP_TERMS.renewal,
    howToCancel: VIP_TERMS.howToCancel,
    coolingOff: VIP_TERMS.coolingOff,
    coolingOffDays: COOLING_OFF_DAYS,
    reminderDaysBeforeRenewal: RENEWAL_REMINDER_DAYS,
    manageUrl: '/myaccount/subscriptions',
  };
}
