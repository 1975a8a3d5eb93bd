/**
 * The order, its lines, the payment's link to it, its vouchers and its `order.placed` rows written by
 * ONE statement of fixed text (docs/decisions/080, after 063's one statement for the first three). Each column of the lines
 * and each voucher's code go as one array parameter (`unnest`, as `recordEvent` sends its
 * subscribers), so the text is the same whatever the basket holds: drizzle does not build it per
 * order, PostgreSQL keeps it prepared per connection (docs/decisions/075), and the vouchers cost no
 * round trip of their own.
 */
import { sql } from 'drizzle-orm';
import type { PricedLineBreakdown } from '@/domain/pricing';
import { fixedStatement, type Tx } from '@/server/db';
import { EVENTS, eventRowsOf, type OrderPlaced, recordEventStatement } from '@/server/events';
import { type DrawnVouchers, issueVouchersStatement } from '@/server/vouchers';
import { type ConsumedHold, consumeHoldStatement } from './hold';
import type { OrderLineSource } from './lines';
import { stayFieldsOf } from './stock';

/** The order's own row, as `orders` stores it (its status is the column's default, placed). */
export interface PlacedOrderRow {
  userId: number;
  basketId: string;
  currency: 'GBP' | 'EUR';
  totalMinor: number;
  walletUsedMinor: number;
  cashAmountMinor: number;
  paymentMethod: string;
  cardType: string | null;
  threeDSecureStatus: string | null;
  liabilityShifted: boolean;
  idempotencyKey: string;
  createdAt: Date;
}

/**
 * What the statement wrote: the order's id, its lines' ids in line order, each voucher with its line's
 * id, the ids of its `order.placed` rows, and what it consumed of the submit's holds.
 */
export interface WrittenOrder {
  orderId: number;
  lineIds: number[];
  vouchers: { id: number; orderLineId: number }[];
  eventIds: number[];
  /** What the submit held for the order, consumed by the statement (./hold.ts). */
  held: ConsumedHold;
}

/** The lines' columns as arrays, one entry per line in order. */
function lineColumns(lines: readonly OrderLineSource[], priced: readonly PricedLineBreakdown[], now: Date) {
  const columns = {
    dealId: [] as number[],
    dealProductId: [] as number[],
    title: [] as string[],
    quantity: [] as number[],
    unitPriceMinor: [] as number[],
    postageMinor: [] as number[],
    lineTotalMinor: [] as number[],
    deliveryOptionType: [] as string[],
    shippingMethod: [] as (string | null)[],
    gift: [] as boolean[],
    giftWrapQuantity: [] as number[],
    giftPackQuantity: [] as number[],
    giftingMinor: [] as number[],
    giftDetails: [] as (string | null)[],
    checkInDate: [] as (string | null)[],
    checkOutDate: [] as (string | null)[],
    numberOfNights: [] as (number | null)[],
    departureAirport: [] as (string | null)[],
    balanceDueMinor: [] as (number | null)[],
    balanceDueDate: [] as (string | null)[],
  };
  lines.forEach((line, i) => {
    const price = priced[i];
    if (price === undefined) throw new Error('pricing lost a line');
    const stay = stayFieldsOf(line, price, now);
    columns.dealId.push(line.dealId);
    columns.dealProductId.push(line.dealProductId);
    columns.title.push(`${line.headline}: ${line.productTitle}`);
    columns.quantity.push(line.quantity);
    columns.unitPriceMinor.push(price.unitPriceMinor);
    columns.postageMinor.push(line.pricing.postagePerUnitMinor);
    columns.lineTotalMinor.push(price.totalMinor);
    columns.deliveryOptionType.push(line.deliveryOptionType);
    columns.shippingMethod.push(line.shipping?.method ?? null);
    columns.gift.push(line.gift);
    columns.giftWrapQuantity.push(line.giftWrapQuantity);
    columns.giftPackQuantity.push(line.giftPackQuantity);
    columns.giftingMinor.push(price.giftWrapMinor + price.giftPackMinor);
    // As drizzle's jsonb column writes it.
    columns.giftDetails.push(line.giftDetails === null ? null : JSON.stringify(line.giftDetails));
    columns.checkInDate.push(line.checkInDate);
    columns.checkOutDate.push(line.checkOutDate);
    columns.numberOfNights.push(stay.numberOfNights);
    columns.departureAirport.push(stay.departureAirport);
    columns.balanceDueMinor.push(stay.balanceDueMinor);
    columns.balanceDueDate.push(stay.balanceDueDate);
  });
  return columns;
}

/** A placeholder of the order's statement, named for the value it takes. */
const value = (name: keyof PlacedOrderRow | keyof ReturnType<typeof lineColumns> | 'paymentId' | 'eventPayload') =>
  sql.placeholder(name);
const orderId = sql`(select id from new_order)`;

/**
 * The statement, turned into text once (docs/decisions/080): every value is a placeholder, each line
 * column an array.
 */
const WRITE_ORDER = fixedStatement<{
  order_id: number;
  line_ids: number[] | null;
  voucher_ids: number[] | null;
  voucher_lines: number[] | null;
  event_ids: number[] | null;
  held_products: number[] | null;
  held_deals: number[] | null;
}>(sql`
  with new_order as (
    insert into orders (user_id, basket_id, currency, total_minor, wallet_used_minor, cash_amount_minor,
      payment_method, card_type, three_d_secure_status, liability_shifted, idempotency_key, created_at)
    values (${value('userId')}::int, ${value('basketId')}::text, ${value('currency')}::text,
      ${value('totalMinor')}::int, ${value('walletUsedMinor')}::int, ${value('cashAmountMinor')}::int,
      ${value('paymentMethod')}::text, ${value('cardType')}::text, ${value('threeDSecureStatus')}::text,
      ${value('liabilityShifted')}::boolean, ${value('idempotencyKey')}::text, ${value('createdAt')}::timestamptz)
    returning id
  ),
  linked_payment as (
    update payments set order_id = ${orderId}, updated_at = now() where id = ${value('paymentId')}::int returning id
  ),
  new_lines as (
    insert into order_lines (order_id, deal_id, deal_product_id, title, quantity, unit_price_minor, postage_minor,
      line_total_minor, delivery_option_type, shipping_method, gift, gift_wrap_quantity, gift_pack_quantity,
      gifting_minor, gift_details, check_in_date, check_out_date, number_of_nights, departure_airport,
      balance_due_minor, balance_due_date)
    select ${orderId}, line.deal_id, line.deal_product_id, line.title, line.quantity, line.unit_price_minor,
      line.postage_minor, line.line_total_minor, line.delivery_option_type, line.shipping_method, line.gift,
      line.gift_wrap_quantity, line.gift_pack_quantity, line.gifting_minor, line.gift_details::jsonb,
      line.check_in_date::date, line.check_out_date::date, line.number_of_nights, line.departure_airport,
      line.balance_due_minor, line.balance_due_date::date
    from unnest(${value('dealId')}::int[], ${value('dealProductId')}::int[], ${value('title')}::text[],
        ${value('quantity')}::int[], ${value('unitPriceMinor')}::int[], ${value('postageMinor')}::int[],
        ${value('lineTotalMinor')}::int[], ${value('deliveryOptionType')}::text[], ${value('shippingMethod')}::text[],
        ${value('gift')}::boolean[], ${value('giftWrapQuantity')}::int[], ${value('giftPackQuantity')}::int[],
        ${value('giftingMinor')}::int[], ${value('giftDetails')}::text[], ${value('checkInDate')}::text[],
        ${value('checkOutDate')}::text[], ${value('numberOfNights')}::int[], ${value('departureAirport')}::text[],
        ${value('balanceDueMinor')}::int[], ${value('balanceDueDate')}::text[])
      with ordinality as line(deal_id, deal_product_id, title, quantity, unit_price_minor, postage_minor,
        line_total_minor, delivery_option_type, shipping_method, gift, gift_wrap_quantity, gift_pack_quantity,
        gifting_minor, gift_details, check_in_date, check_out_date, number_of_nights, departure_airport,
        balance_due_minor, balance_due_date, position)
    order by line.position
    returning id
  ),
  new_vouchers as (${issueVouchersStatement({
    orderId,
    userId: sql`${value('userId')}::int`,
    now: sql`${value('createdAt')}::timestamptz`,
    // The lines' ids come from one sequence in the order they were inserted: numbered by id, in line order.
    lines: sql`(select id, row_number() over (order by id) as number from new_lines)`,
  })}),
  new_events as (${recordEventStatement({
    subject: sql`(${orderId})::text`,
    // The payload as the order wrote it, with the order's id, known only here.
    payload: sql`${value('eventPayload')}::jsonb || jsonb_build_object('orderId', ${orderId})`,
  })}),
  ${consumeHoldStatement(sql`${value('idempotencyKey')}::text`)}
  select (select id from new_order) as order_id,
    (select array_agg(id order by id) from new_lines) as line_ids,
    (select array_agg(id order by id) from new_vouchers) as voucher_ids,
    (select array_agg(order_line_id order by id) from new_vouchers) as voucher_lines,
    (select array_agg(id order by id) from new_events) as event_ids,
    (select array_agg(product_id) from held_units) as held_products,
    (select array_agg(deal_id) from held_allowances) as held_deals
`);

/** An aggregated id column as numbers (`array_agg` of no rows is null). */
const ids = (column: readonly (number | string)[] | null): number[] => (column ?? []).map(Number);

/**
 * Writes the order, its lines (each priced line of `priced`, in order), the link from the authorised
 * payment (`paymentId`, null for none), the drawn vouchers and the `order.placed` event's rows, in one
 * statement of the caller's transaction.
 */
export async function writeOrderRows(
  tx: Tx,
  input: {
    order: PlacedOrderRow;
    lines: readonly OrderLineSource[];
    priced: readonly PricedLineBreakdown[];
    paymentId: number | null;
    vouchers: DrawnVouchers;
    /** The `order.placed` payload but its `orderId`, which the statement adds (docs/decisions/080). */
    placedEvent: Omit<OrderPlaced, 'orderId'>;
  },
): Promise<WrittenOrder> {
  const { order } = input;
  const [row] = await WRITE_ORDER(tx, {
    ...order,
    createdAt: order.createdAt.toISOString(),
    ...lineColumns(input.lines, input.priced, order.createdAt),
    paymentId: input.paymentId,
    ...input.vouchers,
    ...eventRowsOf(EVENTS.orderPlaced),
    eventPayload: JSON.stringify(input.placedEvent),
  });
  if (row === undefined) throw new Error('orders insert returned nothing');
  const voucherLines = ids(row.voucher_lines);
  return {
    orderId: Number(row.order_id),
    lineIds: ids(row.line_ids),
    vouchers: ids(row.voucher_ids).map((id, i) => ({ id, orderLineId: voucherLines[i] ?? 0 })),
    eventIds: ids(row.event_ids),
    held: { products: new Set(ids(row.held_products)), deals: new Set(ids(row.held_deals)) },
  };
}
