/**
 * The monthly renewal (docs/decisions/027), run by the hourly jobs with an injected clock. Each
 * subscription whose paid period has ended is either charged for the next month on the member's
 * default saved instrument (one `subscription_charges` row per period, its idempotency key sent to
 * the provider, so a period is charged once however often the job runs), or lapses: the renewal was
 * cancelled, there is no saved instrument, the charge was refused, or the gateway stayed
 * unreachable past the grace period. A lapse ends VIP (the flag and the open baskets) in the same
 * transaction as its email; so does a renewal with its receipt.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import { MESSAGES } from '@/domain/messages';
import { addOneMonth } from '@/domain/subscription';
import { users } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { findDefaultInstrument } from '@/server/instruments';
import { logError } from '@/server/log';
import { enqueueMail } from '@/server/mail';
import type { PaymentProvider } from '@/server/payments';
import { findSubscription, setVipStatus } from './records';
import type { SubscriptionRow } from './schema';
import { subscriptionCharges, subscriptions } from './schema';

/** A gateway that could not be reached (or did not answer) is tried again each hour for this long. */
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** What one run of the renewal job did. */
export interface RenewalRun {
  renewed: number;
  /** Lapsed at the period's end after Cancel Renewal. */
  lapsed: number;
  /** Lapsed because the renewal could not be charged. */
  failed: number;
  /** Left for the next run: the gateway was unreachable, within the grace period. */
  retrying: number;
}

type Outcome = 'renewed' | 'refused' | 'unreachable';

interface Member {
  email: string;
  firstName: string;
}

async function memberOf(db: Db, userId: number): Promise<Member | null> {
  const [member] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return member ?? null;
}

/** Ends a subscription's VIP: lapsed now, the flag and the baskets off, the member told; one transaction. */
async function lapse(db: Db, row: SubscriptionRow, now: Date, reason: 'cancelled' | 'failed'): Promise<void> {
  const member = await memberOf(db, row.userId);
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ lapsedAt: now, lastError: reason === 'failed' ? MESSAGES.subscriptionError : null })
      .where(eq(subscriptions.id, row.id));
    await setVipStatus(tx, row.userId, false);
    if (member === null) return;
    await enqueueMail(tx, {
      userId: row.userId,
      kind: 'vip_ended',
      recipient: member.email,
      subject: 'Your Tuppence VIP membership has ended',
      template: 'membership',
      data: { event: 'ended', firstName: member.firstName, reason },
      brand: 'vip',
    });
  });
}

/** Charges one due subscription's next month on the member's default saved instrument. */
async function renewOne(db: Db, row: SubscriptionRow, provider: PaymentProvider): Promise<Outcome> {
  const periodStart = row.currentPeriodEnd;
  const idempotencyKey = `vip-renewal-${row.id}-${periodStart.toISOString()}`;
  const instrument = await findDefaultInstrument(db, row.userId);
  const [charge] = await db
    .insert(subscriptionCharges)
    .values({
      subscriptionId: row.id,
      periodStart,
      amountMinor: row.priceMinor,
      instrumentId: instrument?.id ?? null,
      idempotencyKey,
      status: 'charging',
    })
    .onConflictDoUpdate({
      target: [subscriptionCharges.subscriptionId, subscriptionCharges.periodStart],
      set: { instrumentId: instrument?.id ?? null },
    })
    .returning();
  if (charge === undefined) throw new Error('subscription charge insert returned nothing');
  const mark = (set: Partial<typeof subscriptionCharges.$inferInsert>) =>
    db.update(subscriptionCharges).set(set).where(eq(subscriptionCharges.id, charge.id));
  if (charge.status === 'failed') return 'refused';
  let cardText = 'your saved card';
  if (charge.status !== 'paid') {
    if (instrument === null) {
      await mark({ status: 'failed', failure: 'No saved payment method to renew with.' });
      return 'refused';
    }
    // Merchant-initiated (PAYMENTS.md "3-D Secure 2"; decision 043): the member is not there to be
    // challenged, so the charge says it is recurring and quotes the saved card's first payment.
    const result = await provider.authorise({
      nonce: '',
      paymentMethodToken: instrument.token,
      amount: { amountMinor: row.priceMinor, currency: row.currency },
      idempotencyKey,
      reference: `VIP subscription ${row.id} renewal`,
      transactionSource: 'recurring',
      ...(instrument.networkTransactionId === null ? {} : { networkTransactionId: instrument.networkTransactionId }),
    });
    if (result.kind === 'unreachable' || result.kind === 'noResponse') {
      await mark({ failure: `${result.kind}: ${result.text}` });
      return 'unreachable';
    }
    if (result.kind !== 'authorised') {
      await mark({ status: 'failed', failure: `${result.kind}: ${result.text}` });
      return 'refused';
    }
    await provider.capture(result.transactionId, `${idempotencyKey}-capture`);
    await mark({ status: 'paid', transactionId: result.transactionId, failure: null });
    if (result.instrument.lastFour) cardText = `${result.instrument.cardType} ending ${result.instrument.lastFour}`;
  }
  const member = await memberOf(db, row.userId);
  const nextEnd = addOneMonth(periodStart);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(subscriptions)
      .set({ currentPeriodStart: periodStart, currentPeriodEnd: nextEnd, lastError: null })
      .where(and(eq(subscriptions.id, row.id), eq(subscriptions.currentPeriodEnd, periodStart)))
      .returning({ id: subscriptions.id });
    if (moved.length === 0 || member === null) return;
    await enqueueMail(tx, {
      userId: row.userId,
      kind: 'vip_renewed',
      recipient: member.email,
      subject: 'Your Tuppence VIP membership has renewed',
      template: 'membership',
      data: {
        event: 'renewed',
        firstName: member.firstName,
        amount: { amountMinor: row.priceMinor, currency: row.currency },
        paidWith: cardText,
        renewedOn: periodStart.toISOString(),
        nextRenewalOn: nextEnd.toISOString(),
      },
      brand: 'vip',
    });
  });
  return 'renewed';
}

/**
 * The renewal job (hourly; `now` injected): every subscription whose period has ended is renewed
 * or lapses. A member several periods behind (the job did not run) is charged one period at a time.
 */
export async function renewDueSubscriptions(db: Db, now: Date, provider: PaymentProvider): Promise<RenewalRun> {
  const due = await db
    .select()
    .from(subscriptions)
    .where(and(isNull(subscriptions.lapsedAt), lte(subscriptions.currentPeriodEnd, now)));
  const run: RenewalRun = { renewed: 0, lapsed: 0, failed: 0, retrying: 0 };
  for (const row of due) {
    try {
      if (!row.renews) {
        await lapse(db, row, now, 'cancelled');
        run.lapsed += 1;
        continue;
      }
      let current = row;
      let outcome: Outcome = 'renewed';
      while (outcome === 'renewed' && current.currentPeriodEnd.getTime() <= now.getTime()) {
        outcome = await renewOne(db, current, provider);
        const next = await findSubscription(db, row.userId);
        if (next === null || next.currentPeriodEnd.getTime() === current.currentPeriodEnd.getTime()) break;
        current = next;
      }
      if (outcome === 'renewed') run.renewed += 1;
      else if (outcome === 'unreachable' && now.getTime() < current.currentPeriodEnd.getTime() + RENEWAL_GRACE_MS) {
        // Still VIP while the gateway is away; the next hourly run tries the same charge again.
        run.retrying += 1;
      } else {
        await lapse(db, current, now, 'failed');
        run.failed += 1;
      }
    } catch (error) {
      logError('subscriptions', `renewal of subscription ${row.id} failed`, error);
      run.failed += 1;
    }
  }
  return run;
}
