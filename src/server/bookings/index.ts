/**
 * The bookings service (docs/decisions/029; spec 4 calendar booking, calendarStepTwo
 * and bcorStepOne): on a bookingCalendarOnRedemption deal the shopper asks for a date from the
 * voucher; the merchant confirms it (the voucher becomes Booked, spec 3), declines it with a note, or
 * proposes another date, which the shopper accepts (Booked) or passes over by asking for another.
 * Every step is one transaction with an audit row and, in the same transaction, an email to the other
 * side through the outbox (the caller flushes it after commit). Callers import only this module.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { BOOKING_COPY, bookableDateProblem, bookedDate } from '@/domain/bookings';
import { Conflict, Invalid, LifecycleError, NotFound } from '@/domain/errors';
import { formatLongDate } from '@/domain/format';
import { users } from '@/server/accounts/schema';
import { dealProducts, deals, merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { enqueueMail, type TemplateData } from '@/server/mail';
import { merchantUsers } from '@/server/merchants/schema';
import { moveVoucher } from '@/server/vouchers';
import { vouchers } from '@/server/vouchers/schema';
import type { BookingStatus } from './schema';
import { voucherBookingAudit, voucherBookings } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A booking as the shopper and the merchant read it. */
export interface BookingView {
  id: number;
  voucherId: number;
  requestedDate: string;
  status: BookingStatus;
  /** The merchant's other date (status proposed, or confirmed once the shopper accepted it). */
  proposedDate: string | null;
  /** The date the booking is for: the accepted proposal, else the date asked for. */
  date: string;
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
  /** The last day a date may be proposed: the voucher's expiry. */
  voucherExpiresAt: Date;
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
    proposedDate: row.proposedDate,
    date: bookedDate(row),
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
  input: { voucherId: number; userId: number; date: string; now: Date; origin: string },
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
    // Asking again passes over a date the merchant proposed.
    const passed = await tx
      .update(voucherBookings)
      .set({ status: 'passed' })
      .where(and(eq(voucherBookings.voucherId, voucher.id), eq(voucherBookings.status, 'proposed')))
      .returning({ id: voucherBookings.id });
    for (const { id } of passed) {
      await tx
        .insert(voucherBookingAudit)
        .values({ bookingId: id, action: 'passed', userId: input.userId, at: input.now });
    }
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
    await mailMerchant(tx, booking.id, {
      step: 'requested',
      origin: input.origin,
      at: input.now,
      subject: (b) => `Booking request: ${long(b.requestedDate)} for ${b.customerFirstName || 'a customer'}`,
    });
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
      voucherExpiresAt: vouchers.expiresAt,
    })
    .from(voucherBookings)
    .innerJoin(vouchers, eq(vouchers.id, voucherBookings.voucherId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(and(eq(voucherBookings.merchantId, merchantId), ne(voucherBookings.status, 'passed')))
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
 * The Booked transition (spec 3 "Booked: travel documents expected from the merchant within 3
 * working days"): Ready to Redeem to Booked through the voucher state machine (docs/decisions/026:
 * locked, checked and audited in the caller's transaction). Answers false when the machine refuses
 * the move.
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
  /** The shop's public origin, for the link in the customer's email. */
  origin: string;
}

/** spec 4 bcorStepOne on the merchant's side: confirms the date; the voucher becomes Booked. One transaction. */
export async function confirmBooking(db: Db, input: BookingDecision): Promise<BookingView> {
  return decide(db, input, { status: 'confirmed', note: null, proposedDate: null });
}

/** Declines the date with a note for the shopper (another date to try); the voucher stays Ready to Redeem. */
export async function declineBooking(db: Db, input: BookingDecision & { note: string | null }): Promise<BookingView> {
  return decide(db, input, { status: 'declined', note: input.note, proposedDate: null });
}

/**
 * Proposes another date instead of the one asked for (from tomorrow to the voucher's expiry); the
 * voucher stays Ready to Redeem until the shopper accepts it.
 */
export async function proposeBookingDate(
  db: Db,
  input: BookingDecision & { date: string; note: string | null },
): Promise<BookingView> {
  return decide(db, input, { status: 'proposed', note: input.note, proposedDate: input.date });
}

async function decide(
  db: Db,
  input: BookingDecision,
  answer: { status: 'confirmed' | 'declined' | 'proposed'; note: string | null; proposedDate: string | null },
): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ booking: voucherBookings, expiresAt: vouchers.expiresAt })
      .from(voucherBookings)
      .innerJoin(vouchers, eq(vouchers.id, voucherBookings.voucherId))
      .where(and(eq(voucherBookings.id, input.bookingId), eq(voucherBookings.merchantId, input.merchantId)))
      .for('update', { of: voucherBookings });
    if (booking === undefined) throw new NotFound(BOOKING_COPY.notFound);
    if (booking.booking.status !== 'requested') throw new Conflict(BOOKING_COPY.alreadyDecided);
    if (answer.proposedDate !== null) {
      const problem = bookableDateProblem(answer.proposedDate, input.now, booking.expiresAt);
      if (problem !== null) throw new Invalid(problem);
      if (answer.proposedDate === booking.booking.requestedDate) throw new Invalid(BOOKING_COPY.sameDate);
    }
    const { status, note, proposedDate } = answer;
    if (status === 'confirmed' && !(await markVoucherBooked(tx, booking.booking.voucherId, input.now, input.userId))) {
      throw new Conflict(BOOKING_COPY.notReady);
    }
    const [decided] = await tx
      .update(voucherBookings)
      .set({ status, merchantNote: note, proposedDate, decidedAt: input.now, decidedBy: input.userId })
      .where(eq(voucherBookings.id, booking.booking.id))
      .returning();
    if (decided === undefined) throw new Error('voucher_bookings update returned nothing');
    await tx
      .insert(voucherBookingAudit)
      .values({ bookingId: decided.id, action: status, userId: input.userId, at: input.now });
    await mailCustomer(tx, decided.id, { status, origin: input.origin, at: input.now });
    return viewOf(decided);
  });
}

/**
 * The shopper accepts the date the merchant proposed: the booking is confirmed for it and the voucher
 * becomes Booked (spec 3), in one transaction; the merchant is told.
 */
export async function acceptProposedDate(
  db: Db,
  input: { voucherId: number; userId: number; now: Date; origin: string },
): Promise<BookingView> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select({ id: vouchers.id, userId: vouchers.userId })
      .from(vouchers)
      .where(eq(vouchers.id, input.voucherId))
      .for('update');
    if (voucher === undefined || voucher.userId !== input.userId) throw new NotFound(BOOKING_COPY.notFound);
    const [latest] = await tx
      .select()
      .from(voucherBookings)
      .where(eq(voucherBookings.voucherId, voucher.id))
      .orderBy(desc(voucherBookings.requestedAt), desc(voucherBookings.id))
      .limit(1)
      .for('update');
    if (latest?.status !== 'proposed' || latest.proposedDate === null) throw new Conflict(BOOKING_COPY.noProposal);
    try {
      await moveVoucher(tx, {
        voucherId: voucher.id,
        event: 'book',
        actor: 'shopper',
        actorUserId: input.userId,
        now: input.now,
      });
    } catch (error) {
      if (error instanceof LifecycleError) throw new Conflict(BOOKING_COPY.notReady);
      throw error;
    }
    const [accepted] = await tx
      .update(voucherBookings)
      .set({ status: 'confirmed' })
      .where(eq(voucherBookings.id, latest.id))
      .returning();
    if (accepted === undefined) throw new Error('voucher_bookings update returned nothing');
    await tx
      .insert(voucherBookingAudit)
      .values({ bookingId: accepted.id, action: 'accepted', userId: input.userId, at: input.now });
    await mailMerchant(tx, accepted.id, {
      step: 'accepted',
      origin: input.origin,
      at: input.now,
      subject: (b) => `Booking accepted: ${long(b.date)} for ${b.customerFirstName || 'a customer'}`,
    });
    return viewOf(accepted);
  });
}

const long = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/** A booking with what its emails say: the customer, the merchant, the deal and the voucher. */
interface BookingMailFacts extends BookingView {
  merchantId: number;
  merchantName: string;
  merchantAddress: string;
  merchantPhone: string;
  customerEmail: string;
  customerFirstName: string;
  customerUserId: number;
  voucherCode: string;
  dealHeadline: string;
  productTitle: string;
}

async function mailFacts(tx: Tx, bookingId: number): Promise<BookingMailFacts> {
  const [row] = await tx
    .select({
      booking: voucherBookings,
      merchantName: merchants.name,
      addressLine1: merchants.addressLine1,
      town: merchants.town,
      postcode: merchants.postcode,
      merchantPhone: merchants.phone,
      customerEmail: users.email,
      customerFirstName: users.firstName,
      customerUserId: users.id,
      voucherCode: vouchers.code,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
    })
    .from(voucherBookings)
    .innerJoin(merchants, eq(merchants.id, voucherBookings.merchantId))
    .innerJoin(vouchers, eq(vouchers.id, voucherBookings.voucherId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(eq(voucherBookings.id, bookingId));
  if (row === undefined) throw new Error(`booking ${bookingId} vanished inside its transaction`);
  const { booking, addressLine1, town, postcode, ...facts } = row;
  return {
    ...viewOf(booking),
    ...facts,
    merchantId: booking.merchantId,
    merchantAddress: [addressLine1, town, postcode].filter(Boolean).join(', '),
  };
}

/** The step a booking email reports: `requested` and `accepted` to the merchant, the rest to the shopper. */
type BookingStep = TemplateData['booking']['step'];

/** The booking template's data for one step (decision 042): dates, place, voucher, where to act. */
function bookingMailData(b: BookingMailFacts, step: BookingStep, manageUrl: string, at: Date): TemplateData['booking'] {
  return {
    step,
    bookingId: b.id,
    customerFirstName: b.customerFirstName,
    requestedDate: b.requestedDate,
    proposedDate: b.proposedDate,
    date: b.date,
    merchantNote: b.merchantNote,
    merchant: { name: b.merchantName, address: b.merchantAddress, phone: b.merchantPhone },
    voucher: { code: b.voucherCode, dealHeadline: b.dealHeadline, productTitle: b.productTitle },
    manageUrl,
    at: at.toISOString(),
  };
}

/** The customer's email about the merchant's answer: its subject, and the step the template draws. */
function customerMail(
  b: BookingMailFacts,
  status: 'confirmed' | 'declined' | 'proposed',
): { subject: string; step: 'confirmed' | 'declined' | 'proposed' } {
  if (status === 'confirmed') {
    return { subject: `Booking confirmed: ${long(b.date)} with ${b.merchantName}`, step: 'confirmed' };
  }
  if (status === 'proposed' && b.proposedDate !== null) {
    return { subject: `${b.merchantName} suggested another date: ${long(b.proposedDate)}`, step: 'proposed' };
  }
  return { subject: `Please choose another date for ${b.merchantName}`, step: 'declined' };
}

async function mailCustomer(
  tx: Tx,
  bookingId: number,
  answer: { status: 'confirmed' | 'declined' | 'proposed'; origin: string; at: Date },
): Promise<void> {
  const facts = await mailFacts(tx, bookingId);
  const { subject, step } = customerMail(facts, answer.status);
  await enqueueMail(tx, {
    userId: facts.customerUserId,
    kind: 'booking',
    recipient: facts.customerEmail,
    subject,
    template: 'booking',
    data: bookingMailData(facts, step, `${answer.origin}/myaccount/vouchers`, answer.at),
  });
}

/** Every member of the booking's merchant hears of the customer's step. */
async function mailMerchant(
  tx: Tx,
  bookingId: number,
  mail: { step: 'requested' | 'accepted'; origin: string; at: Date; subject: (b: BookingMailFacts) => string },
): Promise<void> {
  const facts = await mailFacts(tx, bookingId);
  const members = await tx
    .select({ userId: users.id, email: users.email })
    .from(merchantUsers)
    .innerJoin(users, eq(users.id, merchantUsers.userId))
    .where(eq(merchantUsers.merchantId, facts.merchantId));
  const subject = mail.subject(facts);
  const data = bookingMailData(facts, mail.step, `${mail.origin}/merchant/${facts.merchantId}/bookings`, mail.at);
  for (const member of members) {
    await enqueueMail(tx, {
      userId: member.userId,
      kind: 'booking_merchant',
      recipient: member.email,
      subject,
      template: 'booking',
      data,
    });
  }
}

/**
 * The merchant closed (docs/decisions/045): the voucher's bookings still open (asked for, proposed
 * or confirmed) are cancelled in the caller's transaction, with the voucher's refund. Answers the
 * dates cancelled, for the shopper's email. No audit row: the audit names a person, and this was the
 * closure's doing (the voucher's own history records its refund).
 */
export async function cancelBookingsForClosure(tx: Tx, voucherId: number, now: Date): Promise<string[]> {
  const cancelled = await tx
    .update(voucherBookings)
    .set({ status: 'cancelled', decidedAt: now, merchantNote: 'The merchant has closed.' })
    .where(
      and(
        eq(voucherBookings.voucherId, voucherId),
        inArray(voucherBookings.status, ['requested', 'proposed', 'confirmed']),
      ),
    )
    .returning();
  return cancelled.map((row) => bookedDate({ ...row, status: 'confirmed' }));
}
