/**
 * A merchant closes (docs/decisions/045). An operator records it with the day it closed and why; in
 * one transaction the merchant is marked closed (`merchant_closures`), its deals close (the
 * catalogue's `closeMerchantDeals`) and the run is recorded. The refund job then gives every shopper
 * their money back for each unredeemed voucher that was unexpired when the closure was recorded,
 * each part to where it came from (`refundVoucherForClosure`), cancels the voucher's bookings and any
 * gift still waiting, and sends each shopper one email.
 *
 * The job works one shopper per transaction, so a shopper's email names all their vouchers and a
 * run stopped at any point leaves each shopper wholly done or wholly waiting. Run again, it finds
 * only vouchers still Ready to Redeem or Booked: each is refunded exactly once (the voucher's lock,
 * its status and the refund row's unique key per voucher guard it too). Provider refunds that fail
 * stay pending for the hourly `payPendingRefunds`.
 */
import { and, asc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import { londonDay } from '@/domain/format';
import { CLOSURE_MESSAGES } from '@/domain/merchant-closure';
import { users } from '@/server/accounts/schema';
import { cancelBookingsForClosure } from '@/server/bookings';
import { clearCatalogueCaches, closeMerchantDeals } from '@/server/catalog';
import { deals, merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { handleEventsQuietly } from '@/server/events';
import { cancelGiftsForClosure } from '@/server/gifting';
import { logError } from '@/server/log';
import { enqueueMail } from '@/server/mail';
import type { PaymentProviders } from '@/server/payments';
import {
  CLOSURE_REFUNDABLE_STATUSES,
  type ClosureRefund,
  payRefund,
  refundVoucherForClosure,
} from '@/server/voucher-lifecycle';
import { voucherRefunds } from '@/server/voucher-lifecycle/schema';
import { vouchers } from '@/server/vouchers/schema';
import { type MerchantClosureRow, merchantClosureRefunds, merchantClosures } from './schema';

/** What the operator page and the API show of a closure: the record, and the refunds' counts and sums. */
export interface ClosureReport {
  merchantId: number;
  merchantName: string;
  closedOn: string;
  reason: string;
  recordedAt: Date;
  dealsClosed: number;
  lastRunAt: Date | null;
  /** Set once no voucher is left to refund. */
  finishedAt: Date | null;
  lastError: string | null;
  vouchersRefunded: number;
  shoppersRefunded: number;
  /** Pence back through the provider (card, PayPal, pay later), to the wallet, as promotional credit. */
  cardMinor: number;
  walletMinor: number;
  promoMinor: number;
  bookingsCancelled: number;
  giftsCancelled: number;
  /** Provider refunds not yet paid (retried by the hourly jobs). */
  pendingCardRefunds: number;
  /** Vouchers still to refund (a run not yet done, or a shopper whose batch failed). */
  vouchersLeft: number;
}

/** One run of the job over one closure. */
export interface ClosureRun {
  merchantId: number;
  vouchersRefunded: number;
  shoppersMailed: number;
  failedShoppers: number;
}

/** Takes the job's lease (the caller's `takeLease`, docs/decisions/031); false when another process runs it. */
export type ClosureLease = (name: string) => Promise<boolean>;

/** The lease's name: one run of the closure refunds at a time across processes. */
export const CLOSURE_LEASE = 'merchant-closure-refunds';
/** Long enough for a run of `maxShoppers` shoppers; the caller's lease outlives a dead holder by this. */
export const CLOSURE_LEASE_MS = 15 * 60 * 1000;

/** A merchant as the operator finds it. */
export interface OperatorMerchant {
  id: number;
  name: string;
  town: string;
  liveDeals: number;
  closedOn: string | null;
}

/** Finds merchants by id or name (the operator page's search), closed ones saying when they closed. */
export async function findMerchants(db: Db, query: string, limit = 20): Promise<OperatorMerchant[]> {
  const term = query.trim();
  const match: SQL | undefined =
    term === ''
      ? undefined
      : /^\d+$/.test(term)
        ? or(eq(merchants.id, Number(term)), ilike(merchants.name, `%${term}%`))
        : ilike(merchants.name, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      town: merchants.town,
      liveDeals:
        sql<number>`(select count(*) from ${deals} where ${deals.merchantId} = ${merchants.id} and ${deals.status} = 'live')`.mapWith(
          Number,
        ),
      closedOn: merchantClosures.closedOn,
    })
    .from(merchants)
    .leftJoin(merchantClosures, eq(merchantClosures.merchantId, merchants.id))
    .where(match)
    .orderBy(asc(merchants.name), asc(merchants.id))
    .limit(limit);
  return rows;
}

/**
 * Closes a merchant: the closure and its deals' closure in one transaction. Answers the report and
 * the cache tags of the pages that showed its deals (the caller invalidates them; the catalogue's read
 * caches are cleared here). Refuses an unknown merchant (NotFound), one already closed (Conflict) and
 * a closing day after today (Invalid).
 */
export async function closeMerchant(
  db: Db,
  input: { merchantId: number; closedOn: string; reason: string; now: Date },
): Promise<{ report: ClosureReport; tags: string[] }> {
  if (input.closedOn > londonDay(input.now)) throw new Invalid(CLOSURE_MESSAGES.futureDate);
  const tags = await db.transaction(async (tx) => {
    const [merchant] = await tx
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, input.merchantId))
      .for('update');
    if (merchant === undefined) throw new NotFound(CLOSURE_MESSAGES.notFound);
    const [closure] = await tx
      .insert(merchantClosures)
      .values({ merchantId: input.merchantId, closedOn: input.closedOn, reason: input.reason, recordedAt: input.now })
      .onConflictDoNothing({ target: merchantClosures.merchantId })
      .returning({ id: merchantClosures.id });
    if (closure === undefined) throw new Conflict(CLOSURE_MESSAGES.alreadyClosed);
    const closed = await closeMerchantDeals(tx, input.merchantId);
    await tx.update(merchantClosures).set({ dealsClosed: closed.closed }).where(eq(merchantClosures.id, closure.id));
    return closed.tags;
  });
  clearCatalogueCaches();
  const report = await retrieveClosureReport(db, input.merchantId);
  if (report === null) throw new NotFound(CLOSURE_MESSAGES.notClosed);
  return { report, tags };
}

/** The closure of a merchant with its counts and sums, or null when it has not closed. */
export async function retrieveClosureReport(db: Db, merchantId: number): Promise<ClosureReport | null> {
  const [row] = await db
    .select({ closure: merchantClosures, merchantName: merchants.name })
    .from(merchantClosures)
    .innerJoin(merchants, eq(merchants.id, merchantClosures.merchantId))
    .where(eq(merchantClosures.merchantId, merchantId));
  if (row === undefined) return null;
  const { closure } = row;
  const [sums] = await db
    .select({
      vouchers: sql<number>`count(*)`.mapWith(Number),
      shoppers: sql<number>`count(distinct ${merchantClosureRefunds.userId})`.mapWith(Number),
      card: sql<number>`coalesce(sum(${merchantClosureRefunds.cardMinor}), 0)`.mapWith(Number),
      wallet: sql<number>`coalesce(sum(${merchantClosureRefunds.walletMinor}), 0)`.mapWith(Number),
      promo: sql<number>`coalesce(sum(${merchantClosureRefunds.promoMinor}), 0)`.mapWith(Number),
      bookings: sql<number>`count(*) filter (where ${merchantClosureRefunds.bookingCancelled})`.mapWith(Number),
      gifts: sql<number>`count(*) filter (where ${merchantClosureRefunds.giftCancelled})`.mapWith(Number),
    })
    .from(merchantClosureRefunds)
    .where(eq(merchantClosureRefunds.closureId, closure.id));
  const [pending] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(merchantClosureRefunds)
    .innerJoin(voucherRefunds, eq(voucherRefunds.id, merchantClosureRefunds.refundId))
    .where(and(eq(merchantClosureRefunds.closureId, closure.id), eq(voucherRefunds.status, 'pending')));
  const [left] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(vouchers)
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .where(refundableOf(closure));
  return {
    merchantId,
    merchantName: row.merchantName,
    closedOn: closure.closedOn,
    reason: closure.reason,
    recordedAt: closure.recordedAt,
    dealsClosed: closure.dealsClosed,
    lastRunAt: closure.lastRunAt,
    finishedAt: closure.finishedAt,
    lastError: closure.lastError,
    vouchersRefunded: sums?.vouchers ?? 0,
    shoppersRefunded: sums?.shoppers ?? 0,
    cardMinor: sums?.card ?? 0,
    walletMinor: sums?.wallet ?? 0,
    promoMinor: sums?.promo ?? 0,
    bookingsCancelled: sums?.bookings ?? 0,
    giftsCancelled: sums?.gifts ?? 0,
    pendingCardRefunds: pending?.n ?? 0,
    vouchersLeft: left?.n ?? 0,
  };
}

/** The closed merchant's vouchers still to refund: not yet used or refunded, unexpired when it closed. */
function refundableOf(closure: MerchantClosureRow): SQL | undefined {
  return and(
    eq(deals.merchantId, closure.merchantId),
    inArray(vouchers.status, [...CLOSURE_REFUNDABLE_STATUSES]),
    gt(vouchers.expiresAt, closure.recordedAt),
  );
}

/** How a provider's part is named to the shopper. */
function paidTo(provider: string | null): string {
  if (provider === 'KLARNA') return 'your Klarna plan';
  if (provider === 'CLEARPAY') return 'your Clearpay plan';
  return 'your card or PayPal';
}

/**
 * One shopper's vouchers of a closed merchant, refunded in one transaction with their bookings and
 * gifts cancelled, the job's record of each, and the shopper's one email. Answers the refunds (none
 * when another run got there first).
 */
async function refundShopper(
  db: Db,
  closure: MerchantClosureRow,
  merchantName: string,
  userId: number,
  now: Date,
): Promise<ClosureRefund[]> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: vouchers.id, orderLineId: vouchers.orderLineId, userId: vouchers.userId, headline: deals.headline })
      .from(vouchers)
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(and(refundableOf(closure), eq(vouchers.userId, userId)))
      .orderBy(asc(vouchers.id));
    const refunds: ClosureRefund[] = [];
    const lines: Array<{ code: string; headline: string; amountMinor: number }> = [];
    const bookings: Array<{ code: string; date: string }> = [];
    for (const candidate of candidates) {
      const refund = await refundVoucherForClosure(tx, {
        voucherId: candidate.id,
        now,
        validAt: closure.recordedAt,
        note: `merchant ${closure.merchantId} closed on ${closure.closedOn}`,
      });
      if (refund === null) continue;
      const dates = await cancelBookingsForClosure(tx, candidate.id, now);
      const giftCancelled = await cancelGiftsForClosure(tx, candidate, now);
      await tx.insert(merchantClosureRefunds).values({
        closureId: closure.id,
        voucherId: refund.voucherId,
        userId: refund.userId,
        refundId: refund.refundId,
        cardMinor: refund.cardMinor,
        walletMinor: refund.walletMinor,
        promoMinor: refund.promoMinor,
        bookingCancelled: dates.length > 0,
        giftCancelled,
        createdAt: now,
      });
      refunds.push(refund);
      lines.push({
        code: refund.code,
        headline: candidate.headline,
        amountMinor: refund.cardMinor + refund.walletMinor + refund.promoMinor,
      });
      for (const date of dates) bookings.push({ code: refund.code, date });
    }
    const first = refunds[0];
    if (first === undefined) return refunds;
    const [shopper] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (shopper !== undefined) {
      const sum = (part: (refund: ClosureRefund) => number) => refunds.reduce((total, r) => total + part(r), 0);
      await enqueueMail(tx, {
        userId,
        kind: 'merchant_closed_refund',
        recipient: shopper.email,
        subject: `${merchantName} has closed: your refund`,
        template: 'merchantClosed',
        data: {
          firstName: shopper.firstName,
          merchantName,
          closedOn: closure.closedOn,
          currency: first.currency,
          vouchers: lines,
          cardMinor: sum((r) => r.cardMinor),
          cardTo: paidTo(refunds.find((r) => r.cardMinor > 0)?.provider ?? null),
          walletMinor: sum((r) => r.walletMinor),
          promoMinor: sum((r) => r.promoMinor),
          bookings,
        },
      });
    }
    return refunds;
  });
}

/**
 * The refund job: for each closure not yet finished (or the one named), refunds its shoppers one
 * transaction each, up to `maxShoppers` in all, then pays the provider parts and runs the refund
 * events after each commit. A shopper whose transaction fails is left for the next run (the error
 * kept on the closure). Marks a closure finished when nothing is left to refund. Does nothing
 * without the job's lease.
 */
export async function refundClosedMerchants(
  db: Db,
  providers: PaymentProviders,
  options: { now: Date; lease: ClosureLease; merchantId?: number; maxShoppers?: number },
): Promise<ClosureRun[]> {
  if (!(await options.lease(CLOSURE_LEASE))) return [];
  const closures = await db
    .select({ closure: merchantClosures, merchantName: merchants.name })
    .from(merchantClosures)
    .innerJoin(merchants, eq(merchants.id, merchantClosures.merchantId))
    .where(
      options.merchantId === undefined
        ? isNull(merchantClosures.finishedAt)
        : eq(merchantClosures.merchantId, options.merchantId),
    )
    .orderBy(asc(merchantClosures.id));
  let budget = options.maxShoppers ?? 200;
  const runs: ClosureRun[] = [];
  for (const { closure, merchantName } of closures) {
    const run: ClosureRun = {
      merchantId: closure.merchantId,
      vouchersRefunded: 0,
      shoppersMailed: 0,
      failedShoppers: 0,
    };
    runs.push(run);
    let lastError: string | null = null;
    let after = 0;
    while (budget > 0) {
      const [next] = await db
        .select({ userId: vouchers.userId })
        .from(vouchers)
        .innerJoin(deals, eq(deals.id, vouchers.dealId))
        .where(and(refundableOf(closure), gt(vouchers.userId, after)))
        .orderBy(asc(vouchers.userId))
        .limit(1);
      if (next === undefined) break;
      after = next.userId;
      budget -= 1;
      try {
        const refunds = await refundShopper(db, closure, merchantName, next.userId, options.now);
        if (refunds.length > 0) run.shoppersMailed += 1;
        run.vouchersRefunded += refunds.length;
        for (const refund of refunds) {
          if (refund.cardMinor > 0) await payRefund(db, providers, refund.refundId);
          await handleEventsQuietly(db, refund.eventIds);
        }
      } catch (error) {
        run.failedShoppers += 1;
        lastError = String((error as Error)?.message ?? error).slice(0, 500);
        logError(
          'merchants',
          `closure refunds of merchant ${closure.merchantId}: shopper ${next.userId} left for the next run`,
          error,
        );
      }
    }
    const [left] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(vouchers)
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(refundableOf(closure));
    await db
      .update(merchantClosures)
      .set({
        lastRunAt: options.now,
        lastError,
        ...((left?.n ?? 0) === 0 && closure.finishedAt === null ? { finishedAt: options.now } : {}),
      })
      .where(eq(merchantClosures.id, closure.id));
  }
  return runs;
}
