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
