/**
 * The bookings service (issue 24 item 5, issue 23 item 3; spec 4 calendar booking, calendarStepTwo
 * and bcorStepOne): on a bookingCalendarOnRedemption deal the shopper asks for a date from the
 * voucher, the merchant confirms (the voucher becomes Booked, spec 3) or declines with a note, and
 * every step is one transaction with an audit row. Callers import only this module.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { BOOKING_COPY, bookableDateProblem } from '@/domain/bookings';
import { Conflict, Invalid, LifecycleError, NotFound } from '@/domain/errors';
import type { Db } from '@/server/db';
import {
  type BookingStatus,
  dealProducts,
  deals,
  users,
  voucherBookingAudit,
  voucherBookings,
  vouchers,
} from '@/server/db';
import { moveVoucher } from '@/server/vouchers';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A booking as the shopper and the merchant read it. */
export interface BookingView {
  id: number;
  voucherId: number;
  requestedDate: string;
  status: BookingStatus;
  merchantNote: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
}

/** What the merchant's bookings list shows: the booking, the voucher code and the customer's first name. */
export interface MerchantBooking extends BookingView {
  voucherCode: string;
  customerFirstName: string;
  dealHeadline: string;
  productTitle: string;
}

/** The latest booking of each of these vouchers. */
export async function listLatestBookings(db: Db, voucherIds: readonly number[]): Promise<Map<number, BookingView>> {
  const latest = new Map<number, BookingView>();
  if (voucherIds.length === 0) return latest;
  const rows = await db
    .select()
    .from(voucherBookings)
    .where(inArray(voucherBookings.voucherId, [...voucherIds]))
    .orderBy(desc(voucherBookings.requestedAt), desc(voucherBookings.id));
  for (const row of rows) if (!latest.has(row.voucherId)) latest.set(row.voucherId, viewOf(row));
  return latest;
}

function viewOf(row: typeof voucherBookings.$inferSelect): BookingView {
  return {
    id: row.id,
    voucherId: row.voucherId,
    requestedDate: row.requestedDate,
    status: row.status,
    merchantNote: row.merchantNote,
    requestedAt: row.requestedAt,
    decidedAt: row.decidedAt,
  };
}

/**
 * spec 4 calendarStepTwo: the voucher's owner asks for a date. The voucher must be Ready to Redeem on
 * a deal that books on redemption, with no request already waiting; the date from tomorrow to the
 * voucher's expiry.
 */
export async function requestBooking(
  db: Db,
  input: { voucherId: number; userId: number; date: string; now: Date },
): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select({
        id: vouchers.id,
        userId: vouchers.userId,
        status: vouchers.status,
        expiresAt: vouchers.expiresAt,
        merchantId: deals.merchantId,
        bookable: deals.bookingCalendarOnRedemption,
      })
      .from(vouchers)
      .innerJoin(deals, eq(deals.id, vouchers.dealId))
      .where(eq(vouchers.id, input.voucherId))
      .for('update', { of: vouchers });
    if (voucher === undefined || voucher.userId !== input.userId) throw new NotFound(BOOKING_COPY.notFound);
    if (!voucher.bookable) throw new Invalid(BOOKING_COPY.notBookable);
    if (voucher.status !== 'ready') throw new Conflict(BOOKING_COPY.notReady);
    const problem = bookableDateProblem(input.date, input.now, voucher.expiresAt);
    if (problem !== null) throw new Invalid(problem);
    const [waiting] = await tx
      .select({ id: voucherBookings.id })
      .from(voucherBookings)
      .where(and(eq(voucherBookings.voucherId, voucher.id), eq(voucherBookings.status, 'requested')));
    if (waiting !== undefined) throw new Conflict(BOOKING_COPY.alreadyRequested);
    const [booking] = await tx
      .insert(voucherBookings)
      .values({
        voucherId: voucher.id,
        merchantId: voucher.merchantId,
        requestedDate: input.date,
        requestedAt: input.now,
      })
      .returning();
    if (booking === undefined) throw new Error('voucher_bookings insert returned nothing');
    await tx
      .insert(voucherBookingAudit)
      .values({ bookingId: booking.id, action: 'requested', userId: input.userId, at: input.now });
    return viewOf(booking);
  });
}

/** The merchant's booking requests waiting for an answer, soonest date first, then the latest decided. */
export async function listMerchantBookings(db: Db, merchantId: number, limit = 50): Promise<MerchantBooking[]> {
  const rows = await db
    .select({
      booking: voucherBookings,
      voucherCode: vouchers.code,
      customerFirstName: users.firstName,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
    })
    .from(voucherBookings)
    .innerJoin(vouchers, eq(vouchers.id, voucherBookings.voucherId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(eq(voucherBookings.merchantId, merchantId))
    .orderBy(
      sql`case when ${voucherBookings.status} = 'requested' then 0 else 1 end`,
      sql`case when ${voucherBookings.status} = 'requested' then ${voucherBookings.requestedDate} end asc`,
      desc(voucherBookings.decidedAt),
    )
    .limit(limit);
  return rows.map(({ booking, ...rest }) => ({
    ...viewOf(booking),
    ...rest,
    customerFirstName: rest.customerFirstName ?? '',
  }));
}

/**
 * The Booked transition (spec 3 "Booked: travel documents expected from the merchant within 3 working
 * days"): Ready to Redeem to Booked through the voucher state machine (issue 18: locked, checked and
 * audited in the caller's transaction). Answers false when the machine refuses the move.
 */
export async function markVoucherBooked(
  tx: Tx,
  voucherId: number,
  now: Date,
  merchantUserId: number | null = null,
): Promise<boolean> {
  try {
    await moveVoucher(tx, { voucherId, event: 'book', actor: 'merchant', actorUserId: merchantUserId, now });
    return true;
  } catch (error) {
    if (error instanceof LifecycleError) return false;
    throw error;
  }
}

/** The merchant's answer to a waiting request; the member's membership is checked by the caller. */
export interface BookingDecision {
  merchantId: number;
  bookingId: number;
  userId: number;
  now: Date;
}

/** spec 4 bcorStepOne on the merchant's side: confirms the date; the voucher becomes Booked. One transaction. */
export async function confirmBooking(db: Db, input: BookingDecision): Promise<BookingView> {
  return decide(db, input, 'confirmed', null);
}

/** Declines the date with a note for the shopper (another date to try); the voucher stays Ready to Redeem. */
export async function declineBooking(db: Db, input: BookingDecision & { note: string | null }): Promise<BookingView> {
  return decide(db, input, 'declined', input.note);
}

async function decide(
  db: Db,
  input: BookingDecision,
  status: 'confirmed' | 'declined',
  note: string | null,
): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(voucherBookings)
      .where(and(eq(voucherBookings.id, input.bookingId), eq(voucherBookings.merchantId, input.merchantId)))
      .for('update');
    if (booking === undefined) throw new NotFound(BOOKING_COPY.notFound);
    if (booking.status !== 'requested') throw new Conflict(BOOKING_COPY.alreadyDecided);
    if (status === 'confirmed' && !(await markVoucherBooked(tx, booking.voucherId, input.now, input.userId))) {
      throw new Conflict(BOOKING_COPY.notReady);
    }
    const [decided] = await tx
      .update(voucherBookings)
      .set({ status, merchantNote: note, decidedAt: input.now, decidedBy: input.userId })
      .where(eq(voucherBookings.id, booking.id))
      .returning();
    if (decided === undefined) throw new Error('voucher_bookings update returned nothing');
    await tx
      .insert(voucherBookingAudit)
      .values({ bookingId: booking.id, action: status, userId: input.userId, at: input.now });
    return viewOf(decided);
  });
}
