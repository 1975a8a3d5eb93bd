/**
 * Cancelling VIP in one step (decision 047; DMCC Act 2024 cooling-off and easy exit), from My
 * Subscriptions or from the reminder email's one-click link. Within COOLING_OFF_DAYS of joining or
 * of a renewal, the unused part of the current period (`unusedPartMinor`, pro rata by days, in the
 * shopper's favour) is refunded to the way that period was paid and VIP ends at once; outside it,
 * the renewal stops and VIP lasts to the period's end.
 *
 * One transaction for the state change (the subscription row locked, the refund row unique per
 * period, VIP off, the confirmation mail queued); the provider's refund after commit, retried by the
 * hourly jobs when it could not be taken then. A second click finds the subscription already
 * cancelled and changes nothing.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Money } from '@/domain/money';
import {
  cancellationOutcome,
  isSubscriptionValid,
  type PaidPeriod,
  VIP_SUBSCRIPTION_DEAL_ID,
} from '@/domain/subscription';
import { walletCreditExpiry } from '@/domain/voucher-lifecycle';
import { users } from '@/server/accounts/schema';
import type { Db, Tx } from '@/server/db';
import { EVENTS, handleEventsQuietly, recordEvent } from '@/server/events';
import { logError } from '@/server/log';
import { enqueueMail } from '@/server/mail';
import { orders, payments } from '@/server/orders/schema';
import { type PaymentProviders, refundThrough } from '@/server/payments';
import { vouchers } from '@/server/vouchers/schema';
import { creditWallet } from '@/server/wallet';
import { factsOf, setVipStatus } from './records';
import type { CancelToken } from './reminders';
import { type SubscriptionRow, subscriptionCharges, subscriptionRefunds, subscriptions } from './schema';

/** What a cancellation did. */
export type CancelVipResult =
  /** In the cooling-off: the unused part refunded, VIP ended now. */
  | { kind: 'refunded'; refundMinor: number; refundedTo: 'card' | 'wallet'; refundPending: boolean; endedAt: Date }
  /** Outside it: no more renewals; VIP to the period's end. */
  | { kind: 'renewalStopped'; vipUntil: Date }
  /** Nothing to cancel: already refunded, lapsed, or never joined (a second click lands here). */
  | { kind: 'alreadyCancelled' };

/** Who cancels: the signed-in member, or the subscription a valid cancel link names. */
export type CancelWho = { userId: number } | { subscriptionId: number };

/** Where a period's money came from: the renewal charge of that period, else the order that bought it. */
async function paymentOfPeriod(
  tx: Tx,
  row: SubscriptionRow,
  providers: PaymentProviders,
): Promise<{ paidMinor: number; provider: string | null; transactionId: string | null; renewal: boolean }> {
  const [charge] = await tx
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, row.id),
        eq(subscriptionCharges.periodStart, row.currentPeriodStart),
        eq(subscriptionCharges.status, 'paid'),
      ),
    );
  if (charge !== undefined) {
    // Renewals are charged through the card provider (renewal.ts), on the saved card or PayPal account.
    return {
      paidMinor: charge.amountMinor,
      provider: providers.forMethod('credit_card').type,
      transactionId: charge.transactionId,
      renewal: true,
    };
  }
  if (row.orderId === null) return { paidMinor: row.priceMinor, provider: null, transactionId: null, renewal: false };
  const [payment] = await tx
    .select({ provider: payments.provider, transactionId: payments.transactionId, amountMinor: payments.amountMinor })
    .from(payments)
    .where(and(eq(payments.orderId, row.orderId), inArray(payments.status, ['settled', 'authorised'])))
    .orderBy(asc(payments.id))
    .limit(1);
  // A card refund never exceeds what the card paid; an order the wallet paid (wholly or mostly) is refunded there.
  if (payment === undefined || payment.transactionId === null || payment.amountMinor < row.priceMinor) {
    return { paidMinor: row.priceMinor, provider: null, transactionId: null, renewal: false };
  }
  return {
    paidMinor: row.priceMinor,
    provider: payment.provider,
    transactionId: payment.transactionId,
    renewal: false,
  };
}

/**
 * A refund of the period the joining order bought gives back what that order earned, as every
 * refund does (docs/decisions/048): the membership's line raises `voucher.refunded` for the part
 * refunded, and the loyalty and promotional-credit subscribers take back their share. A renewal's
 * period was no order and earned nothing. Returns the events to handle after commit.
 */
async function recordMembershipRefund(
  tx: Tx,
  row: SubscriptionRow,
  refund: { amountMinor: number; refundedTo: 'card' | 'wallet' },
): Promise<number[]> {
  if (row.orderId === null) return [];
  const [line] = await tx
    .select({ voucherId: vouchers.id, totalMinor: orders.totalMinor })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .where(and(eq(vouchers.orderId, row.orderId), eq(vouchers.dealId, VIP_SUBSCRIPTION_DEAL_ID)))
    .limit(1);
  if (line === undefined) return [];
  return recordEvent(tx, EVENTS.voucherRefunded, line.voucherId, {
    orderId: row.orderId,
    voucherId: line.voucherId,
    userId: row.userId,
    amountPence: refund.amountMinor,
    refundedTo: refund.refundedTo,
    orderTotalPence: line.totalMinor,
    orderRefundedPence: refund.amountMinor,
    // The order's other lines, if any, are still the shopper's: what is left of its earnings stays.
    isLastOfOrder: false,
  });
}

/** The member's confirmation of a cancellation: what is refunded and to where, and until when VIP lasts. */
async function queueCancelledMail(
  tx: Tx,
  row: SubscriptionRow,
  outcome: {
    refund: (Money & { refundedTo: 'card' | 'wallet' }) | null;
    vipUntil: Date;
  },
): Promise<void> {
  const [member] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, row.userId));
  if (member === undefined) return;
  await enqueueMail(tx, {
    userId: row.userId,
    kind: 'vip_cancelled',
    recipient: member.email,
    subject: 'Your Tuppence VIP membership is cancelled',
    template: 'membership',
    data: {
      event: 'cancelled',
      firstName: member.firstName,
      refund:
        outcome.refund === null ? null : { amountMinor: outcome.refund.amountMinor, currency: outcome.refund.currency },
      refundedTo: outcome.refund?.refundedTo ?? null,
      vipUntil: outcome.vipUntil.toISOString(),
    },
    brand: 'vip',
  });
}

async function lockSubscription(tx: Tx, who: CancelWho): Promise<SubscriptionRow | null> {
  const where = 'userId' in who ? eq(subscriptions.userId, who.userId) : eq(subscriptions.id, who.subscriptionId);
  const [row] = await tx.select().from(subscriptions).where(where).for('update');
  return row ?? null;
}

/**
 * Cancels VIP now (decision 047): a cooling-off refund of the unused part when within the window,
 * else the renewal stops. Idempotent: a second call answers `alreadyCancelled` (after a refund) or
 * the same `renewalStopped`, and writes nothing more.
 */
export async function cancelVip(
  db: Db,
  providers: PaymentProviders,
  input: CancelWho & { now: Date },
): Promise<CancelVipResult> {
  const { now } = input;
  const written = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, input);
    if (row === null || !isSubscriptionValid(factsOf(row), now))
      return { result: { kind: 'alreadyCancelled' } as const };
    const source = await paymentOfPeriod(tx, row, providers);
    const period: PaidPeriod = {
      start: row.currentPeriodStart,
      end: row.currentPeriodEnd,
      paidMinor: source.paidMinor,
    };
    const outcome = cancellationOutcome(period, now);
    if (outcome.kind === 'stopRenewal') {
      if (!row.renews) return { result: { kind: 'renewalStopped', vipUntil: row.currentPeriodEnd } as const };
      await tx.update(subscriptions).set({ renews: false, cancelledAt: now }).where(eq(subscriptions.id, row.id));
      await queueCancelledMail(tx, row, { refund: null, vipUntil: row.currentPeriodEnd });
      return { result: { kind: 'renewalStopped', vipUntil: row.currentPeriodEnd } as const };
    }
    const refundedTo = source.transactionId === null ? 'wallet' : 'card';
    const [refund] = await tx
      .insert(subscriptionRefunds)
      .values({
        subscriptionId: row.id,
        userId: row.userId,
        periodStart: row.currentPeriodStart,
        amountMinor: outcome.refundMinor,
        currency: row.currency,
        refundedTo,
        provider: source.provider,
        transactionId: source.transactionId,
        status: refundedTo === 'card' ? 'pending' : 'done',
        completedAt: refundedTo === 'card' ? null : now,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptionRefunds.id });
    // A period is refunded once: a refund already written means this is a repeat.
    if (refund === undefined) return { result: { kind: 'alreadyCancelled' } as const };
    if (refundedTo === 'wallet') {
      await creditWallet(tx, {
        userId: row.userId,
        currency: row.currency,
        kind: 'refundable',
        amountMinor: outcome.refundMinor,
        expiresAt: walletCreditExpiry(now),
        orderId: row.orderId,
        description: 'Refund of the unused part of your VIP membership',
      });
    }
    const eventIds = !source.renewal
      ? await recordMembershipRefund(tx, row, { amountMinor: outcome.refundMinor, refundedTo })
      : [];
    // VIP ends at once: lapsed now, no renewal, the flag and the baskets off.
    await tx
      .update(subscriptions)
      .set({ renews: false, cancelledAt: now, lapsedAt: now, lastError: null })
      .where(eq(subscriptions.id, row.id));
    await setVipStatus(tx, row.userId, false);
    await queueCancelledMail(tx, row, {
      refund: { amountMinor: outcome.refundMinor, currency: row.currency, refundedTo },
      vipUntil: now,
    });
    return {
      refundId: refund.id,
      eventIds,
      result: {
        kind: 'refunded',
        refundMinor: outcome.refundMinor,
        refundedTo,
        refundPending: refundedTo === 'card',
        endedAt: now,
      } as const,
    };
  });
  if (written.result.kind !== 'refunded' || !('refundId' in written) || written.refundId === undefined) {
    return written.result;
  }
  await handleEventsQuietly(db, written.eventIds);
  const paid = written.result.refundedTo === 'card' ? await payVipRefund(db, providers, written.refundId) : true;
  return { ...written.result, refundPending: !paid };
}

/**
 * Asks the provider to pay a pending VIP refund (after the commit that wrote it). The key is the
 * refund's period, so the provider never refunds a period twice. A failure stays on the row for the
 * hourly retry.
 */
export async function payVipRefund(db: Db, providers: PaymentProviders, refundId: number): Promise<boolean> {
  const [row] = await db
    .select()
    .from(subscriptionRefunds)
    .where(and(eq(subscriptionRefunds.id, refundId), eq(subscriptionRefunds.status, 'pending')));
  if (row === undefined) return true;
  const outcome = await refundThrough(providers, {
    provider: row.provider,
    transactionId: row.transactionId,
    amountMinor: row.amountMinor,
    key: `refund:vip:${row.subscriptionId}:${row.periodStart.toISOString()}`,
  });
  const attempts = sql`${subscriptionRefunds.attempts} + 1`;
  if (outcome.ok) {
    await db
      .update(subscriptionRefunds)
      .set({
        status: 'done',
        providerRefundId: outcome.providerRefundId,
        completedAt: new Date(),
        attempts,
        lastError: null,
      })
      .where(eq(subscriptionRefunds.id, refundId));
    return true;
  }
  await db
    .update(subscriptionRefunds)
    .set({ attempts, lastError: outcome.error })
    .where(eq(subscriptionRefunds.id, refundId));
  logError('subscriptions', `VIP refund ${refundId} left for the hourly retry`, outcome.error);
  return false;
}

/** The hourly jobs: VIP refunds the provider could not take at the time (up to 10 attempts). */
export async function payPendingVipRefunds(db: Db, providers: PaymentProviders): Promise<number> {
  const pending = await db
    .select({ id: subscriptionRefunds.id })
    .from(subscriptionRefunds)
    .where(and(eq(subscriptionRefunds.status, 'pending'), lt(subscriptionRefunds.attempts, 10)))
    .orderBy(asc(subscriptionRefunds.id))
    .limit(100);
  let paid = 0;
  for (const { id } of pending) if (await payVipRefund(db, providers, id)) paid += 1;
  return paid;
}

/** What cancelling now would do, for the pages to state before the click (no writes). */
export async function previewCancellation(
  db: Db,
  providers: PaymentProviders,
  who: CancelWho,
  now: Date,
): Promise<CancelVipResult> {
  return db.transaction(async (tx) => {
    const where = 'userId' in who ? eq(subscriptions.userId, who.userId) : eq(subscriptions.id, who.subscriptionId);
    const [row] = await tx.select().from(subscriptions).where(where);
    if (row === undefined || !isSubscriptionValid(factsOf(row), now)) return { kind: 'alreadyCancelled' } as const;
    const source = await paymentOfPeriod(tx, row, providers);
    const outcome = cancellationOutcome(
      { start: row.currentPeriodStart, end: row.currentPeriodEnd, paidMinor: source.paidMinor },
      now,
    );
    if (outcome.kind === 'stopRenewal') return { kind: 'renewalStopped', vipUntil: row.currentPeriodEnd } as const;
    return {
      kind: 'refunded',
      refundMinor: outcome.refundMinor,
      refundedTo: source.transactionId === null ? 'wallet' : 'card',
      refundPending: false,
      endedAt: now,
    } as const;
  });
}

/** The member's VIP refunds, newest first (My Subscriptions shows the latest). */
export async function listVipRefunds(db: Db, userId: number) {
  return db
    .select({
      amountMinor: subscriptionRefunds.amountMinor,
      currency: subscriptionRefunds.currency,
      refundedTo: subscriptionRefunds.refundedTo,
      status: subscriptionRefunds.status,
      createdAt: subscriptionRefunds.createdAt,
    })
    .from(subscriptionRefunds)
    .where(eq(subscriptionRefunds.userId, userId))
    .orderBy(sql`${subscriptionRefunds.id} desc`);
}

/** What the one-click cancel page shows for a link (decision 047). */
export type CancelLinkState =
  | { kind: 'badLink'; reason: 'invalid' | 'expired' }
  /** VIP can be cancelled now: what the click will do. */
  | { kind: 'offer'; outcome: Exclude<CancelVipResult, { kind: 'alreadyCancelled' }> }
  /** The renewal is already stopped and no refund is due: VIP to this date. */
  | { kind: 'renewalStopped'; vipUntil: Date }
  /** VIP has ended; the latest refund when the member was refunded. */
  | {
      kind: 'ended';
      refund: {
        amountMinor: number;
        currency: 'GBP' | 'EUR';
        refundedTo: 'card' | 'wallet';
        status: 'pending' | 'done';
      } | null;
    };

/** The state behind a cancel link: what the page offers, or what already happened. */
export async function cancelLinkState(
  db: Db,
  providers: PaymentProviders,
  token: CancelToken,
  now: Date,
): Promise<CancelLinkState> {
  if (!token.ok) return { kind: 'badLink', reason: token.reason };
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, token.subscriptionId));
  const preview = await previewCancellation(db, providers, { subscriptionId: token.subscriptionId }, now);
  if (preview.kind === 'refunded') return { kind: 'offer', outcome: preview };
  if (preview.kind === 'renewalStopped') {
    return row?.renews ? { kind: 'offer', outcome: preview } : { kind: 'renewalStopped', vipUntil: preview.vipUntil };
  }
  const [refund] = await listVipRefunds(db, token.userId);
  return { kind: 'ended', refund: refund ?? null };
}
