/**
 * Travel (decision 029) on every engine: a stay sold by check-in date takes a room from each of its nights in
 * the order transaction (two shoppers racing for the last room on a night get one booking), the nights'
 * supplements and a departure airport's are priced the same in the basket and the charge, a deposit leaves
 * its balance and due date on the order line and the voucher, and a date booked after purchase makes the
 * voucher Booked once the merchant confirms (spec 4 calendar booking).
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import type { DealDetail } from '../../src/contracts/deal-detail';
import { BOOKING_COPY } from '../../src/domain/bookings';
import { addDays, type StayDeepLink } from '../../src/domain/stays';
import { retrieveBasketPricing } from '../../src/server/basket';
import {
  acceptProposedDate,
  confirmBooking,
  declineBooking,
  listLatestBookings,
  listMerchantBookings,
  proposeBookingDate,
  requestBooking,
} from '../../src/server/bookings';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  dealProductFlights,
  dealProductNights,
  dealProducts,
  deals,
  merchantUsers,
  orderLines,
  outbox,
  voucherBookingAudit,
  vouchers,
} from '../../src/server/db/schema';
import { DEEP_LINK_UNAVAILABLE, loadStayChoices } from '../../src/server/deal-stay';
import { type PlaceOrderRequest, placeOrder } from '../../src/server/orders';
import { singleProvider } from '../../src/server/payments';
import { addEvergreenDeal, checkStayChoice, resolveEvergreenDeal } from '../../src/server/travel';
import { retrieveVoucher } from '../../src/server/vouchers';
import { createBuyers, type LimitedDeal, prepareLimitedDeal, type ScenarioBuyer } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers } from './databases';
import { renderedMail } from './support/mail';

const today = new Date().toISOString().slice(0, 10);
/** The public origin the booking emails link to. */
const origin = 'https://www.tuppence.test';
const checkIn = addDays(today, 10);

describe.each(enginesWhereSqlDiffers)('travel on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let priceMinor: number;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 60, seed: 5 });
    deal = await prepareLimitedDeal(database.db, 100);
    const { db } = database;
    const [product] = await db
      .update(dealProducts)
      .set({ numberOfNights: 2, checkInDate: null, checkOutDate: null, postagePriceMinor: 0 })
      .where(eq(dealProducts.id, deal.productId))
      .returning();
    priceMinor = product?.priceMinor ?? 0;
    // Night 1 has a £10 supplement and plenty of rooms; night 2 has one room left.
    await db.insert(dealProductNights).values([
      { productId: deal.productId, night: checkIn, roomsRemaining: 5, supplementMinor: 1000 },
      { productId: deal.productId, night: addDays(checkIn, 1), roomsRemaining: 1, supplementMinor: 0 },
      { productId: deal.productId, night: addDays(checkIn, 2), roomsRemaining: 5, supplementMinor: 0 },
    ]);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  async function buyersWithStay(n: number, prefix: string, start = checkIn): Promise<ScenarioBuyer[]> {
    const buyers = await createBuyers(database.db, deal, n, { prefix });
    for (const buyer of buyers) {
      await database.db
        .update(basketLines)
        .set({ checkInDate: start, checkOutDate: addDays(start, 2), numberOfNights: 2 })
        .where(eq(basketLines.basketId, buyer.basketToken));
    }
    return buyers;
  }

  async function orderFor(buyer: ScenarioBuyer, over: Partial<PlaceOrderRequest> = {}) {
    const { db } = database;
    const priced = await retrieveBasketPricing(db, buyer.basketToken, { userId: buyer.user.id });
    const total = priced?.breakdown.totalMinor ?? 0;
    return placeOrder(db, singleProvider(createSandboxProvider(db)), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `travel-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
      ...over,
    });
  }

  it('two shoppers racing for the last room on a night get one booking', async () => {
    const { db } = database;
    const buyers = await buyersWithStay(2, 'race');
    const results = await Promise.all(buyers.map((buyer) => orderFor(buyer)));

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const lost = results.find((r) => !r.ok);
    expect(lost && !lost.ok && `${lost.message} ${lost.reason ?? ''}`).toMatch(/on your dates has just sold out/);
    const nights = await db
      .select({ night: dealProductNights.night, rooms: dealProductNights.roomsRemaining })
      .from(dealProductNights)
      .where(eq(dealProductNights.productId, deal.productId))
      .orderBy(dealProductNights.night);
    // One room went from each of the winner's two nights; the night after is untouched.
    expect(nights.map((n) => n.rooms)).toEqual([4, 0, 5]);
  });

  it('the stay is priced with its nights’ supplements, charged so, and kept on the order line and voucher', async () => {
    const { db } = database;
    await db
      .update(dealProductNights)
      .set({ roomsRemaining: 3 })
      .where(eq(dealProductNights.productId, deal.productId));
    const [buyer] = await buyersWithStay(1, 'stay');
    if (!buyer) throw new Error('no buyer');
    const priced = await retrieveBasketPricing(db, buyer.basketToken, { userId: buyer.user.id });
    expect(priced?.breakdown.totalMinor).toBe(priceMinor + 1000);

    const result = await orderFor(buyer);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.totalMinor).toBe(priceMinor + 1000);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, result.order.id));
    expect(line).toMatchObject({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfNights: 2 });
    const voucher = await retrieveVoucher(db, result.order.voucherIds[0] ?? 0);
    expect(voucher).toMatchObject({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfNights: 2 });
  });

  it('a deposit is charged now, and its balance and due date (6 weeks before check-in) are on the voucher', async () => {
    const { db } = database;
    const farCheckIn = addDays(today, 60);
    await db.insert(dealProductNights).values([
      { productId: deal.productId, night: farCheckIn, roomsRemaining: 5, supplementMinor: 0 },
      { productId: deal.productId, night: addDays(farCheckIn, 1), roomsRemaining: 5, supplementMinor: 0 },
    ]);
    await db
      .update(dealProducts)
      .set({ hasDeposit: true, depositPriceMinor: 2500 })
      .where(eq(dealProducts.id, deal.productId));
    const [buyer] = await buyersWithStay(1, 'deposit', farCheckIn);
    if (!buyer) throw new Error('no buyer');
    await db.update(basketLines).set({ payDeposit: true }).where(eq(basketLines.basketId, buyer.basketToken));

    const result = await orderFor(buyer);
    await db.update(dealProducts).set({ hasDeposit: false }).where(eq(dealProducts.id, deal.productId));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.totalMinor).toBe(2500);
    const voucher = await retrieveVoucher(db, result.order.voucherIds[0] ?? 0);
    expect(voucher?.balanceDue).toEqual({
      amountMinor: priceMinor - 2500,
      currency: 'GBP',
      dueDate: addDays(farCheckIn, -42),
    });
  });

  it('a departure airport’s supplement is charged and the airport kept on the voucher', async () => {
    const { db } = database;
    await db
      .insert(dealProductFlights)
      .values({ productId: deal.productId, airportCode: 'MAN', airportName: 'Manchester', supplementMinor: 3000 });
    await db
      .update(dealProductNights)
      .set({ roomsRemaining: 3 })
      .where(eq(dealProductNights.productId, deal.productId));
    const [buyer] = await buyersWithStay(1, 'flight', addDays(checkIn, 1));
    if (!buyer) throw new Error('no buyer');
    await db.update(basketLines).set({ departureAirport: 'MAN' }).where(eq(basketLines.basketId, buyer.basketToken));

    const result = await orderFor(buyer);
    await db.delete(dealProductFlights).where(eq(dealProductFlights.productId, deal.productId));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order.totalMinor).toBe(priceMinor + 3000);
    const voucher = await retrieveVoucher(db, result.order.voucherIds[0] ?? 0);
    expect(voucher?.departureAirport).toBe('Manchester');
  });

  it('spec 4 calendar booking: a date asked for from the voucher, confirmed by the merchant, makes it Booked', async () => {
    const { db } = database;
    await db.update(deals).set({ bookingCalendarOnRedemption: true }).where(eq(deals.id, deal.dealId));
    await db.delete(dealProductNights).where(eq(dealProductNights.productId, deal.productId));
    const [buyer, stranger] = await createBuyers(db, deal, 2, { prefix: 'book' });
    if (!buyer || !stranger) throw new Error('no buyers');
    const result = await orderFor(buyer);
    if (!result.ok) throw new Error(result.message);
    const voucherId = result.order.voucherIds[0] ?? 0;
    const [merchant] = await db.select({ id: deals.merchantId }).from(deals).where(eq(deals.id, deal.dealId));
    const merchantId = merchant?.id ?? 0;
    const now = new Date();
    const wanted = addDays(today, 5);

    await expect(requestBooking(db, { voucherId, userId: buyer.user.id, date: today, now, origin })).rejects.toThrow(
      BOOKING_COPY.tooSoon,
    );
    await expect(
      requestBooking(db, { voucherId, userId: stranger.user.id, date: wanted, now, origin }),
    ).rejects.toThrow(BOOKING_COPY.notFound);
    const first = await requestBooking(db, { voucherId, userId: buyer.user.id, date: wanted, now, origin });
    await expect(requestBooking(db, { voucherId, userId: buyer.user.id, date: wanted, now, origin })).rejects.toThrow(
      BOOKING_COPY.alreadyRequested,
    );

    // Declined: the voucher stays Ready to Redeem and the shopper may ask again.
    await declineBooking(db, {
      merchantId,
      bookingId: first.id,
      userId: buyer.user.id,
      now,
      origin,
      note: 'Full that day',
    });
    expect((await retrieveVoucher(db, voucherId))?.status).toBe('ready');
    const second = await requestBooking(db, {
      voucherId,
      userId: buyer.user.id,
      date: addDays(wanted, 1),
      now,
      origin,
    });
    const waiting = await listMerchantBookings(db, merchantId);
    expect(waiting[0]).toMatchObject({ id: second.id, status: 'requested', customerFirstName: buyer.user.firstName });

    // Another merchant cannot answer it; this one confirms, once.
    await expect(
      confirmBooking(db, { merchantId: merchantId + 1, bookingId: second.id, userId: buyer.user.id, now, origin }),
    ).rejects.toThrow(BOOKING_COPY.notFound);
    await confirmBooking(db, { merchantId, bookingId: second.id, userId: buyer.user.id, now, origin });
    await expect(
      confirmBooking(db, { merchantId, bookingId: second.id, userId: buyer.user.id, now, origin }),
    ).rejects.toThrow(BOOKING_COPY.alreadyDecided);
    const voucher = await retrieveVoucher(db, voucherId);
    expect(voucher?.statusLabel).toBe('Booked');
    expect(voucher?.statusDescription).toBe('travel documents expected from the merchant within 3 working days');
    // The shopper's confirmation says where, and carries the day as a calendar entry (decision 042).
    const [confirmation] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, buyer.user.email), eq(outbox.kind, 'booking')))
      .orderBy(desc(outbox.id))
      .limit(1);
    if (confirmation === undefined) throw new Error('no booking confirmation mailed');
    const sent = await renderedMail(confirmation);
    expect(sent.text).toContain(voucher?.merchantAddress ?? 'no address');
    const [entry] = sent.attachments;
    expect(sent.attachments).toHaveLength(1);
    expect(entry?.contentType).toMatch(/^text\/calendar;.*method=PUBLISH/);
    const ics = String(entry?.content).replace(/\r\n /g, '');
    expect(ics).toContain(`UID:booking-${second.id}@`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${addDays(wanted, 1).replace(/-/g, '')}`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${addDays(wanted, 2).replace(/-/g, '')}`);
    const [audit] = await db
      .select({ n: count() })
      .from(voucherBookingAudit)
      .where(eq(voucherBookingAudit.bookingId, second.id));
    expect(Number(audit?.n)).toBe(2);
    const [row] = await db
      .select({ status: vouchers.status })
      .from(vouchers)
      .where(and(eq(vouchers.id, voucherId)));
    expect(row?.status).toBe('booked');
  });

  it('spec 4 calendar booking: the merchant proposes another date, the shopper accepts it, the voucher is Booked for it; each step is emailed', async () => {
    const { db } = database;
    await db.update(deals).set({ bookingCalendarOnRedemption: true }).where(eq(deals.id, deal.dealId));
    await db.delete(dealProductNights).where(eq(dealProductNights.productId, deal.productId));
    const [buyer, stranger] = await createBuyers(db, deal, 2, { prefix: 'propose' });
    if (!buyer || !stranger) throw new Error('no buyers');
    const result = await orderFor(buyer);
    if (!result.ok) throw new Error(result.message);
    const voucherId = result.order.voucherIds[0] ?? 0;
    const [merchant] = await db.select({ id: deals.merchantId }).from(deals).where(eq(deals.id, deal.dealId));
    const merchantId = merchant?.id ?? 0;
    const member = (await createBuyers(db, deal, 1, { prefix: 'propose-member' }))[0];
    if (!member) throw new Error('no member');
    await db.insert(merchantUsers).values({ merchantId, userId: member.user.id, role: 'owner' });
    const now = new Date();
    const wanted = addDays(today, 6);
    const offered = addDays(today, 8);
    const mailsTo = async (recipient: string) =>
      (await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(outbox.id)).map((m) => m.subject);

    const asked = await requestBooking(db, { voucherId, userId: buyer.user.id, date: wanted, now, origin });
    expect((await mailsTo(member.user.email)).at(-1)).toContain('Booking request');
    // Nothing to accept yet; a proposal must be a different, bookable date.
    await expect(acceptProposedDate(db, { voucherId, userId: buyer.user.id, now, origin })).rejects.toThrow(
      BOOKING_COPY.noProposal,
    );
    const decision = { merchantId, bookingId: asked.id, userId: member.user.id, now, origin, note: null };
    await expect(proposeBookingDate(db, { ...decision, date: wanted })).rejects.toThrow(BOOKING_COPY.sameDate);
    await expect(proposeBookingDate(db, { ...decision, date: today })).rejects.toThrow(BOOKING_COPY.tooSoon);
    const proposal = await proposeBookingDate(db, { ...decision, date: offered, note: 'We have space that Saturday' });
    expect(proposal).toMatchObject({ status: 'proposed', proposedDate: offered, date: wanted });
    expect((await retrieveVoucher(db, voucherId))?.status).toBe('ready');
    expect((await mailsTo(buyer.user.email)).at(-1)).toContain('suggested another date');

    // Only the owner accepts; once.
    await expect(acceptProposedDate(db, { voucherId, userId: stranger.user.id, now, origin })).rejects.toThrow(
      BOOKING_COPY.notFound,
    );
    const accepted = await acceptProposedDate(db, { voucherId, userId: buyer.user.id, now, origin });
    expect(accepted).toMatchObject({ status: 'confirmed', date: offered });
    await expect(acceptProposedDate(db, { voucherId, userId: buyer.user.id, now, origin })).rejects.toThrow(
      BOOKING_COPY.noProposal,
    );
    expect((await retrieveVoucher(db, voucherId))?.statusLabel).toBe('Booked');
    expect((await listLatestBookings(db, [voucherId])).get(voucherId)?.date).toBe(offered);
    expect((await mailsTo(member.user.email)).at(-1)).toContain('Booking accepted');
    const steps = await db
      .select({ action: voucherBookingAudit.action })
      .from(voucherBookingAudit)
      .where(eq(voucherBookingAudit.bookingId, asked.id))
      .orderBy(voucherBookingAudit.id);
    expect(steps.map((s) => s.action)).toEqual(['requested', 'proposed', 'accepted']);
  });

  it('spec 4 calendar booking: asking for another date passes over the merchant’s proposal', async () => {
    const { db } = database;
    await db.update(deals).set({ bookingCalendarOnRedemption: true }).where(eq(deals.id, deal.dealId));
    await db.delete(dealProductNights).where(eq(dealProductNights.productId, deal.productId));
    const [buyer] = await createBuyers(db, deal, 1, { prefix: 'pass' });
    if (!buyer) throw new Error('no buyer');
    const result = await orderFor(buyer);
    if (!result.ok) throw new Error(result.message);
    const voucherId = result.order.voucherIds[0] ?? 0;
    const [merchant] = await db.select({ id: deals.merchantId }).from(deals).where(eq(deals.id, deal.dealId));
    const merchantId = merchant?.id ?? 0;
    const now = new Date();
    const asked = await requestBooking(db, { voucherId, userId: buyer.user.id, date: addDays(today, 3), now, origin });
    await proposeBookingDate(db, {
      merchantId,
      bookingId: asked.id,
      userId: buyer.user.id,
      now,
      origin,
      note: null,
      date: addDays(today, 4),
    });
    const again = await requestBooking(db, { voucherId, userId: buyer.user.id, date: addDays(today, 9), now, origin });
    const listed = await listMerchantBookings(db, merchantId);
    expect(listed.map((b) => b.id)).toContain(again.id);
    expect(listed.map((b) => b.id)).not.toContain(asked.id);
    await expect(acceptProposedDate(db, { voucherId, userId: buyer.user.id, now, origin })).rejects.toThrow(
      BOOKING_COPY.noProposal,
    );
  });

  it('spec 2 evergreen: a slug shows the first of its deals that is live now', async () => {
    const { db } = database;
    const live = await db.select({ id: deals.id }).from(deals).where(eq(deals.status, 'live')).limit(2);
    const [closed, open] = live;
    if (!closed || !open) throw new Error('need two live deals');
    await db.update(deals).set({ status: 'closed' }).where(eq(deals.id, closed.id));
    await addEvergreenDeal(db, { slug: 'test-break', dealId: closed.id, position: 0 });
    await addEvergreenDeal(db, { slug: 'test-break', dealId: open.id, position: 1 });
    expect(await resolveEvergreenDeal(db, 'test-break')).toBe(open.id);
    expect(await resolveEvergreenDeal(db, 'no-such-slug')).toBeNull();
  });

  it('Buy now needs a check-in whose nights all have rooms, for the option’s own nights', async () => {
    const { db } = database;
    const start = addDays(today, 30);
    await db.insert(dealProductNights).values([
      { productId: deal.productId, night: start, roomsRemaining: 1, supplementMinor: 0 },
      { productId: deal.productId, night: addDays(start, 1), roomsRemaining: 1, supplementMinor: 0 },
    ]);
    const choice = { productId: deal.productId, nights: 7, quantity: 1, departureAirport: undefined, today };
    expect(await checkStayChoice(db, { ...choice, checkInDate: undefined })).toEqual({
      ok: false,
      problem: 'chooseDates',
    });
    expect(await checkStayChoice(db, { ...choice, checkInDate: start, quantity: 2 })).toEqual({
      ok: false,
      problem: 'datesUnavailable',
    });
    expect(await checkStayChoice(db, { ...choice, checkInDate: start })).toEqual({
      ok: true,
      checkOutDate: addDays(start, 2),
      numberOfNights: 2,
    });
  });

  it('spec 4 travel deep links: an arrival on a fixed-date option’s check-in preselects it, not "not available"', async () => {
    const fixedId = 999_999_999; // a fixed-date option beside the night-by-night one: no nights of its own
    const fixedCheckIn = addDays(today, 40);
    const option = (id: number, over: Partial<DealDetail['products'][number]> = {}) =>
      ({
        id,
        price: {},
        numberOfNights: 2,
        checkInDate: null,
        isSoldOut: false,
        vipExclusive: false,
        ...over,
      }) as DealDetail['products'][number];
    const detail = {
      isTravel: true,
      pricePerPerson: false,
      products: [option(deal.productId), option(fixedId, { checkInDate: fixedCheckIn })],
    } as unknown as DealDetail;

    const onFixedDate: StayDeepLink = { arrival: fixedCheckIn, notes: [] };
    const fixed = await loadStayChoices(database.db, detail, today, onFixedDate);
    expect(fixed.selectedProductId).toBe(fixedId);
    expect(onFixedDate.notes).toEqual([]);

    const onNoOption: StayDeepLink = { arrival: addDays(today, 41), notes: [] };
    const none = await loadStayChoices(database.db, detail, today, onNoOption);
    expect(none.selectedProductId).toBeUndefined();
    expect(none.choices?.initialCheckIn).toBeNull();
    expect(onNoOption.notes).toEqual([DEEP_LINK_UNAVAILABLE]);
  });
});
