/**
 * The order confirmation email (decision 042), written to the mail outbox after the order commits (by
 * the `confirmation-email` subscriber, ./subscribers) as a snapshot of the order as stored: each line
 * with its vouchers, merchant, picture, dates and right to cancel, and the price breakdown as charged.
 * The outbox draws it at send time (src/server/mail/templates/order-confirmation.tsx). Its event row
 * is written in the order transaction, so the email is owed exactly when the order exists; the hourly
 * jobs retry it if this step fails, and a retry finds the email it queued.
 */
import { and, asc, eq, inArray, like, lt, or } from 'drizzle-orm';
import { BRAND_INFO, DEFAULT_BRAND, isBrand } from '@/domain/brands';
import { cancellationRightFor } from '@/domain/cancellation-rights';
import { describeArrival, formatDeliveryDay, SHIPPING_METHOD_LABELS } from '@/domain/delivery';
import { pictureAt } from '@/domain/picture-sizes.mjs';
import { redeemInstructionsForDeal } from '@/domain/vouchers';
import { formatAddress } from '@/server/addresses';
import type { Db } from '@/server/db';
import type { OrderPlaced } from '@/server/events';
import { listOrderShipments, retrieveOrderDelivery } from '@/server/fulfilment';
import { enqueueMails, type OutgoingMail, type TemplateData } from '@/server/mail';
import { outbox } from '@/server/mail/schema';
import { retrieveOrderPromotions } from '@/server/promotions';
import { listVouchers, type VoucherView } from '@/server/vouchers';
import { walletEntries } from '@/server/wallet/schema';
import { type OrderLineRow, type OrderRow, orderLines, orders, payments } from './schema';

type OrderConfirmationData = TemplateData['orderConfirmation'];

/** The picture width an email asks for (one of PICTURE_WIDTHS): the 552 px card, and a phone's 343 px at 2x. */
const EMAIL_PICTURE_WIDTH = 800;

/** The subject, in the brand's name; the "queued once" guard finds an earlier copy by it (name `%`). */
export function confirmationSubject(brandName: string, orderId: number): string {
  return `Your ${brandName} order ${orderId}: your vouchers`;
}

/** Queues the confirmation email of a committed order (once: a retry finds the one it queued). */
export function enqueueConfirmation(db: Db, event: OrderPlaced): Promise<void> {
  return enqueueConfirmations(db, [event]);
}

/**
 * Queues the confirmation emails of several committed orders, reading each table once for all of
 * them (docs/decisions/075: the drain hands a subscriber every row of its claim), in one insert.
 * Throws when one of the orders is missing, so the caller can handle each alone.
 */
export async function enqueueConfirmations(db: Db, events: readonly OrderPlaced[]): Promise<void> {
  if (events.length === 0) return;
  const found = await db
    .select()
    .from(orders)
    .where(
      inArray(
        orders.id,
        events.map((event) => event.orderId),
      ),
    );
  const orderOf = new Map(found.map((order) => [order.id, order]));
  for (const { orderId } of events) if (!orderOf.has(orderId)) throw new Error(`order ${orderId} not found`);
  // A retry after the mail was queued but before the event was marked handled sends nothing more
  // (found by its subject in any brand, so a row queued before brands were recorded counts too).
  const queued = await db
    .select({ userId: outbox.userId, subject: outbox.subject })
    .from(outbox)
    .where(
      and(
        inArray(outbox.userId, [...new Set(events.map((event) => event.buyer.id))]),
        eq(outbox.kind, 'order_confirmation'),
        or(...events.map((event) => like(outbox.subject, confirmationSubject('%', event.orderId)))),
      ),
    );
  const owed = events.filter(
    (event, at) =>
      // One email an order, even when the order's rows were handed in twice.
      events.findIndex((other) => other.orderId === event.orderId) === at &&
      !queued.some((row) => row.userId === event.buyer.id && isConfirmationSubject(row.subject, event.orderId)),
  );
  if (owed.length === 0) return;
  const stored = await readOrders(
    db,
    owed.map((event) => orderOf.get(event.orderId) as OrderRow),
  );
  const mails: OutgoingMail[] = [];
  for (const event of owed) {
    const order = orderOf.get(event.orderId) as OrderRow;
    // Events raised before the brand was recorded carry none: they read as the default brand.
    const brand = isBrand(event.brand) ? event.brand : DEFAULT_BRAND;
    mails.push({
      userId: event.buyer.id,
      kind: 'order_confirmation',
      recipient: event.buyer.email,
      subject: confirmationSubject(BRAND_INFO[brand].displayName, order.id),
      brand,
      template: 'orderConfirmation',
      data: await confirmationData(db, order, event.buyer.firstName, stored),
    });
  }
  await enqueueMails(db, mails);
}

/** Whether `subject` is `confirmationSubject` of the order in some brand (what its `like` pattern matches). */
function isConfirmationSubject(subject: string, orderId: number): boolean {
  const [before, after] = confirmationSubject('\u0000', orderId).split('\u0000') as [string, string];
  return subject.length >= before.length + after.length && subject.startsWith(before) && subject.endsWith(after);
}

/** What the emails show of several orders, each table read once for all of them. */
interface StoredOrders {
  lines: OrderLineRow[];
  views: VoucherView[];
  promotions: Map<number, { code: string; discountMinor: number }>;
  cards: Map<number, { cardType: string | null; lastFour: string | null }>;
}

async function readOrders(db: Db, stored: readonly OrderRow[]): Promise<StoredOrders> {
  const ids = stored.map((order) => order.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id));
  const views = await listVouchers(db, { orderIds: ids });
  const promotions = await retrieveOrderPromotions(db, ids);
  // An order the card paid nothing of shows no payment, so its payment is not read.
  const paidByCard = stored.filter((order) => order.cashAmountMinor !== 0).map((order) => order.id);
  const cards = new Map<number, { cardType: string | null; lastFour: string | null }>();
  if (paidByCard.length > 0) {
    const rows = await db
      .select({ orderId: payments.orderId, cardType: payments.cardType, lastFour: payments.lastFour })
      .from(payments)
      .where(and(inArray(payments.orderId, paidByCard), inArray(payments.status, ['authorised', 'settled'])));
    for (const { orderId, ...card } of rows) if (orderId !== null && !cards.has(orderId)) cards.set(orderId, card);
  }
  return { lines, views, promotions, cards };
}

/** The email's data: the order as stored, with every date as an ISO string (the outbox keeps JSON). */
async function confirmationData(
  db: Db,
  order: OrderRow,
  firstName: string,
  stored: StoredOrders,
): Promise<OrderConfirmationData> {
  const lines = stored.lines.filter((line) => line.orderId === order.id);
  const views = stored.views.filter((view) => view.orderId === order.id);
  const viewsOf = (line: OrderLineRow) =>
    views.filter((view) => view.orderLineId === line.id).sort((a, b) => a.id - b.id);
  return {
    orderId: order.id,
    placedAt: order.createdAt.toISOString(),
    firstName,
    lines: lines.flatMap((line) => {
      const issued = viewsOf(line);
      const first = issued[0];
      return first === undefined ? [] : [lineData(order, line, first, issued)];
    }),
    summary: await summaryData(db, order, lines, stored),
    // Only an order with a posted line has a delivery address (docs/decisions/051); the others have
    // nothing to read (docs/decisions/072).
    delivery: lines.some((line) => line.shippingMethod !== null) ? await deliveryData(db, order.id) : null,
  };
}

/** docs/decisions/051: the address the order's posted products go to, and each parcel's promise. */
async function deliveryData(db: Db, orderId: number): Promise<OrderConfirmationData['delivery']> {
  const address = await retrieveOrderDelivery(db, orderId);
  if (address === null) return null;
  const parcels = await listOrderShipments(db, [orderId]);
  return {
    address: [address.name, ...formatAddress(address)],
    parcels: parcels.map((parcel) => ({
      title: parcel.title,
      quantity: parcel.quantity,
      method: SHIPPING_METHOD_LABELS[parcel.method],
      arrival: describeArrival(parcel),
      dispatchBy: formatDeliveryDay(parcel.dispatchBy),
    })),
  };
}

function lineData(order: OrderRow, line: OrderLineRow, deal: VoucherView, issued: VoucherView[]) {
  return {
    lineId: line.id,
    headline: deal.dealHeadline,
    option: deal.productTitle,
    quantity: line.quantity,
    picture:
      deal.imageUrl === null
        ? null
        : { path: pictureAt(deal.imageUrl, EMAIL_PICTURE_WIDTH), alt: deal.imageAlt ?? deal.dealHeadline },
    merchant: {
      name: deal.merchantName,
      address: deal.merchantAddress,
      phone: deal.merchantPhone,
      bookingHours: deal.merchantBookingHours,
    },
    howToRedeem: redeemInstructionsForDeal(deal.status, {
      dealType: deal.dealType,
      deliveryType: deal.deliveryType,
      bookingCalendarOnRedemption: deal.bookingCalendarOnRedemption,
      merchantName: deal.merchantName,
      merchantPhone: deal.merchantPhone,
    }),
    dates:
      line.checkInDate === null
        ? null
        : {
            startDate: line.checkInDate,
            endDate: line.checkOutDate,
            nights: line.numberOfNights,
            departureAirport: line.departureAirport,
          },
    vouchers: issued.map((voucher) => ({
      id: voucher.id,
      code: voucher.code,
      securityCode: voucher.securityCode,
      status: voucher.status,
      expiresAt: voucher.expiresAt.toISOString(),
    })),
    cancellation: cancellationRightFor(
      {
        deliveryType: deal.deliveryType,
        isTravel: deal.isTravel,
        bookingCalendarOnRedemption: deal.bookingCalendarOnRedemption,
        startDate: line.checkInDate,
        endDate: line.checkOutDate,
      },
      order.createdAt,
    ),
  };
}

/**
 * The price breakdown as charged, from the stored lines (their prices after any promotion code), the
 * code's redemption, the wallet's debits for the order by kind (promotional credit is the wallet's
 * marketing credit) and the card payment.
 */
async function summaryData(
  db: Db,
  order: OrderRow,
  lines: OrderLineRow[],
  stored: StoredOrders,
): Promise<OrderConfirmationData['summary']> {
  const promotion = stored.promotions.get(order.id) ?? null;
  // An order the wallet paid nothing of has no debits to read (docs/decisions/072).
  const debits =
    order.walletUsedMinor === 0
      ? []
      : await db
          .select({ kind: walletEntries.kind, amountMinor: walletEntries.amountMinor })
          .from(walletEntries)
          .where(
            and(
              eq(walletEntries.orderId, order.id),
              eq(walletEntries.userId, order.userId),
              lt(walletEntries.amountMinor, 0),
            ),
          );
  const promotionalCreditMinor = debits
    .filter((debit) => debit.kind === 'marketing')
    .reduce((sum, debit) => sum - debit.amountMinor, 0);
  const payment = stored.cards.get(order.id);
  return {
    currency: order.currency,
    lines: lines.map((line) => ({
      title: line.title,
      quantity: line.quantity,
      amountMinor: line.lineTotalMinor - line.postageMinor * line.quantity - line.giftingMinor,
    })),
    postageMinor: lines.reduce((sum, line) => sum + line.postageMinor * line.quantity, 0),
    giftingMinor: lines.reduce((sum, line) => sum + line.giftingMinor, 0),
    promotion,
    totalMinor: order.totalMinor,
    walletMinor: order.walletUsedMinor - promotionalCreditMinor,
    promotionalCreditMinor,
    chargedMinor: order.cashAmountMinor,
    payment:
      order.cashAmountMinor === 0
        ? null
        : {
            method: order.paymentMethod,
            cardType: payment?.cardType ?? order.cardType,
            lastFour: payment?.lastFour ?? null,
          },
    balancesDue: lines.flatMap((line) =>
      line.balanceDueMinor !== null && line.balanceDueMinor > 0 && line.balanceDueDate !== null
        ? [{ title: line.title, amountMinor: line.balanceDueMinor, dueDate: line.balanceDueDate }]
        : [],
    ),
  };
}
