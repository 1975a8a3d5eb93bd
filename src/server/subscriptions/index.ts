/**
 * The VIP subscription service (docs/decisions/027; spec 1, 3 Subscription statuses, 7
 * subscription, subscription/cancel, update-vip-status). A shopper joins by buying the subscription
 * deal through checkout; the `vip-subscription` subscriber of `order.placed` starts or extends it
 * after commit. `renewDueSubscriptions` (the hourly jobs, clock injected) charges each due member's
 * saved instrument for the next month, or lets the subscription lapse when the member cancelled the
 * renewal or the charge fails. The user's VIP flag and their open baskets' eligibleForVip follow
 * the subscription in the same transaction, so VIP prices and VIP-exclusive options end with it.
 */
import { and, eq } from 'drizzle-orm';
import { NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import {
  addOneMonth,
  isSubscriptionValid,
  type SubscriptionStatus,
  subscriptionStatus,
  VIP_MAX_COST_MINOR,
  VIP_SUBSCRIPTION_DEAL_ID,
} from '@/domain/subscription';
import { setBasketsVipEligibility } from '@/server/basket';
import { dealProducts } from '@/server/catalog/schema';
import type { Db, DbOrTx } from '@/server/db';
import { orderLines, orders } from '@/server/orders/schema';
import { factsOf, findSubscription, setVipStatus } from './records';
import { subscriptions } from './schema';

export {
  type CancelLinkState,
  type CancelVipResult,
  type CancelWho,
  cancelLinkState,
  cancelVip,
  listVipRefunds,
  payPendingVipRefunds,
  payVipRefund,
  previewCancellation,
} from './cancellation';
export { CANCEL_PATH, type CancelToken, cancelUrl, readCancelToken, sendRenewalReminders } from './reminders';
export { RENEWAL_GRACE_MS, type RenewalRun, renewDueSubscriptions } from './renewal';
export { setVipStatus };

/** What the My Subscriptions page and GET /subscription show. */
export interface SubscriptionView {
  id: number;
  status: SubscriptionStatus;
  isValid: boolean;
  renews: boolean;
  priceMinor: number;
  currency: 'GBP' | 'EUR';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  lastError: string | null;
}

/** The member's subscription as shown, or null ("No subscription found"). */
export async function retrieveSubscription(db: DbOrTx, userId: number, now: Date): Promise<SubscriptionView | null> {
  const row = await findSubscription(db, userId);
  if (row === null) return null;
  const facts = factsOf(row);
  return {
    id: row.id,
    status: subscriptionStatus(facts, now),
    isValid: isSubscriptionValid(facts, now),
    renews: row.renews,
    priceMinor: row.priceMinor,
    currency: row.currency,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    lastError: row.lastError,
  };
}

/** spec 3 status of a shopper: NOT_CHECKED for a guest. */
export async function retrieveSubscriptionStatus(
  db: DbOrTx,
  userId: number | null,
  now: Date,
): Promise<SubscriptionStatus> {
  if (userId === null) return subscriptionStatus(null, now, false);
  const row = await findSubscription(db, userId);
  return subscriptionStatus(row === null ? null : factsOf(row), now);
}

/**
 * Run by the `vip-subscription` subscriber of `order.placed`: an order with the subscription deal
 * starts a month of VIP (or, for a member still VIP, adds a month after the current period and
 * turns renewal back on). Once per order.
 */
export async function startSubscriptionFromOrder(db: Db, orderId: number): Promise<boolean> {
  const [line] = await db
    .select({ userId: orders.userId, at: orders.createdAt, unitPriceMinor: orderLines.unitPriceMinor })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.dealId, VIP_SUBSCRIPTION_DEAL_ID)));
  if (line === undefined) return false;
  // spec 1 and 9: at most 4.99 pounds a month, whatever the catalogue says.
  const priceMinor = Math.min(line.unitPriceMinor, VIP_MAX_COST_MINOR);
  return db.transaction(async (tx) => {
    const existing = await findSubscription(tx, line.userId);
    if (existing?.orderId === orderId) return false;
    if (existing === null) {
      await tx.insert(subscriptions).values({
        userId: line.userId,
        orderId,
        priceMinor,
        currentPeriodStart: line.at,
        currentPeriodEnd: addOneMonth(line.at),
      });
    } else if (isSubscriptionValid(factsOf(existing), line.at)) {
      await tx
        .update(subscriptions)
        .set({
          orderId,
          priceMinor,
          renews: true,
          cancelledAt: null,
          currentPeriodEnd: addOneMonth(existing.currentPeriodEnd),
        })
        .where(eq(subscriptions.id, existing.id));
    } else {
      await tx
        .update(subscriptions)
        .set({
          orderId,
          priceMinor,
          renews: true,
          cancelledAt: null,
          lapsedAt: null,
          lastError: null,
          currentPeriodStart: line.at,
          currentPeriodEnd: addOneMonth(line.at),
        })
        .where(eq(subscriptions.id, existing.id));
    }
    await setVipStatus(tx, line.userId, true);
    return true;
  });
}

/**
 * spec 2 Cancel Renewal (spec 7 subscription/cancel): the member stays VIP until the period ends,
 * then the subscription lapses. Without a valid subscription: "No subscription found".
 */
export async function cancelRenewal(db: Db, userId: number, now: Date): Promise<SubscriptionView> {
  const row = await findSubscription(db, userId);
  if (row === null || !isSubscriptionValid(factsOf(row), now)) {
    throw new NotFound(MESSAGES.noSubscription, { code: 'noSubscription' });
  }
  if (row.renews) {
    await db.update(subscriptions).set({ renews: false, cancelledAt: now }).where(eq(subscriptions.id, row.id));
  }
  const view = await retrieveSubscription(db, userId, now);
  if (view === null) throw new NotFound(MESSAGES.noSubscription, { code: 'noSubscription' });
  return view;
}

/** What VIP membership offers on one deal: the lowest VIP price of its options, and whether it has VIP-exclusive ones. */
export interface VipOffer {
  vipFromMinor: number | null;
  hasExclusive: boolean;
}

/** The deal page's VIP prompt (spec 6: non-VIP users see a VIP prompt): what VIP would give on this deal. */
export async function retrieveVipOffer(db: DbOrTx, dealId: number): Promise<VipOffer> {
  const rows = await db
    .select({
      vipPriceMinor: dealProducts.vipPriceMinor,
      postagePriceMinor: dealProducts.postagePriceMinor,
      vipExclusive: dealProducts.vipExclusive,
    })
    .from(dealProducts)
    .where(
      and(eq(dealProducts.dealId, dealId), eq(dealProducts.visibility, 'visible'), eq(dealProducts.disabled, false)),
    );
  // DMCC Act 2024 (docs/decisions/051): the VIP price shown includes the standard postage the
  // pricing pipeline adds, so it is what a member pays for one unit.
  const prices = rows.flatMap((row) => (row.vipPriceMinor === null ? [] : [row.vipPriceMinor + row.postagePriceMinor]));
  return {
    vipFromMinor: prices.length === 0 ? null : Math.min(...prices),
    hasExclusive: rows.some((row) => row.vipExclusive),
  };
}

/**
 * spec 7 subscription/apply-vip-discount: brings the member's VIP flag and baskets in line with
 * their subscription now (VIP prices on for a valid one, off otherwise). Returns whether VIP applies.
 */
export async function applyVipDiscount(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ eligibleForVip: boolean; status: SubscriptionStatus }> {
  const row = await findSubscription(db, userId);
  const facts = row === null ? null : factsOf(row);
  const eligibleForVip = isSubscriptionValid(facts, now);
  await db.transaction((tx) => setVipStatus(tx, userId, eligibleForVip));
  return { eligibleForVip, status: subscriptionStatus(facts, now) };
}

/**
 * spec 7 update-vip-status (the basket's "POST VIP status with vipStatus"): turns VIP pricing on or
 * off for the member's open baskets; on only while their subscription is valid (spec 6).
 */
export async function updateBasketVipStatus(
  db: Db,
  user: { id: number; customerToken: string },
  vipStatus: boolean,
  now: Date,
): Promise<{ eligibleForVip: boolean }> {
  const row = await findSubscription(db, user.id);
  const eligibleForVip = vipStatus && isSubscriptionValid(row === null ? null : factsOf(row), now);
  await setBasketsVipEligibility(db, user.customerToken, eligibleForVip, { openOnly: true });
  return { eligibleForVip };
}
