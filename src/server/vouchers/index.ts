/**
 * Vouchers (docs/decisions/015): issued inside the order transaction, one per unit bought, listed
 * for the shopper with what the merchant needs to see, expired by an hourly job, printed as a PDF.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  describeVoucherStatus,
  initialVoucherStatus,
  redeemInstructionsForDeal,
  securityCodeFrom,
  voucherCodeFrom,
  voucherExpiry,
} from '@/domain/vouchers';
import { dealImages, dealProducts, deals, merchants } from '@/server/catalog/schema';
import type { DbOrTx } from '@/server/db';
import { orderLines, orders } from '@/server/orders/schema';
import { type VoucherRow, type VoucherStatus, vouchers } from './schema';

export { renderVoucherPdf } from './pdf';
export type { VoucherRow, VoucherStatus } from './schema';

export interface IssueLine {
  orderLineId: number;
  dealId: number;
  dealProductId: number;
  quantity: number;
  isTravel: boolean;
  validityDays: number;
}

export interface IssueInput {
  orderId: number;
  userId: number;
  now: Date;
  lines: IssueLine[];
}

/** How many times a batch retries codes that collided with existing ones (1 in 2^40 each). */
const CODE_ATTEMPTS = 5;

function newCode(): string {
  return voucherCodeFrom(randomBytes(8));
}

/** One voucher per unit: a line needs a whole quantity of at least 1. */
function assertWholeQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new RangeError(`An order line needs a whole quantity of at least 1, got ${quantity}`);
  }
}

/**
 * Writes one voucher per unit of each line, inside the caller's transaction: a unique readable code,
 * a 6-digit security code, expiry from the deal's validity days, Booked for travel else Ready to
 * Redeem. A code that collides is skipped by the unique index (no error, so the transaction lives)
 * and drawn again.
 */
export async function issueVouchers(tx: DbOrTx, input: IssueInput): Promise<VoucherRow[]> {
  const issued: VoucherRow[] = [];
  for (const line of input.lines) {
    assertWholeQuantity(line.quantity);
    const base = {
      orderId: input.orderId,
      orderLineId: line.orderLineId,
      userId: input.userId,
      dealId: line.dealId,
      dealProductId: line.dealProductId,
      status: initialVoucherStatus(line.isTravel) as VoucherStatus,
      expiresAt: voucherExpiry(input.now, line.validityDays),
      statusChangedAt: input.now,
      createdAt: input.now,
    };
    let missing = line.quantity;
    for (let attempt = 0; missing > 0; attempt += 1) {
      if (attempt === CODE_ATTEMPTS) throw new Error('Could not draw unique voucher codes');
      const codes = new Set<string>();
      while (codes.size < missing) codes.add(newCode());
      const rows = await tx
        .insert(vouchers)
        .values([...codes].map((code) => ({ ...base, code, securityCode: securityCodeFrom(randomInt(0, 1_000_000)) })))
        .onConflictDoNothing({ target: vouchers.code })
        .returning();
      issued.push(...rows);
      missing -= rows.length;
    }
  }
  return issued;
}

/**
 * The vouchers an order's lines will get, drawn before its statement is sent (docs/decisions/080):
 * the values of `issueVouchersStatement`'s placeholders.
 */
export interface DrawnVouchers {
  /** Per voucher, in line order: its code, its security code and the number of its line (1 for the first). */
  voucherCodes: string[];
  voucherSecurityCodes: string[];
  voucherLineNumbers: number[];
  /** Per line, in order: what each of its vouchers carries. */
  voucherDealIds: number[];
  voucherDealProductIds: number[];
  voucherStatuses: VoucherStatus[];
  /** When the line's vouchers expire (ISO 8601). */
  voucherExpiresAt: string[];
}

/**
 * Draws one voucher per unit of each line (distinct codes across the order, a 6-digit security code,
 * expiry from the deal's validity days, Booked for travel else Ready to Redeem), for
 * `issueVouchersStatement` to write in the order's own statement.
 */
export function drawVouchers(
  input: Pick<IssueInput, 'now'> & { lines: Omit<IssueLine, 'orderLineId'>[] },
): DrawnVouchers {
  const drawn: DrawnVouchers = {
    voucherCodes: [],
    voucherSecurityCodes: [],
    voucherLineNumbers: [],
    voucherDealIds: [],
    voucherDealProductIds: [],
    voucherStatuses: [],
    voucherExpiresAt: [],
  };
  const codes = new Set<string>();
  input.lines.forEach((line, index) => {
    assertWholeQuantity(line.quantity);
    drawn.voucherDealIds.push(line.dealId);
    drawn.voucherDealProductIds.push(line.dealProductId);
    drawn.voucherStatuses.push(initialVoucherStatus(line.isTravel));
    drawn.voucherExpiresAt.push(voucherExpiry(input.now, line.validityDays).toISOString());
    for (let unit = 0; unit < line.quantity; unit += 1) {
      let code = newCode();
      while (codes.has(code)) code = newCode();
      codes.add(code);
      drawn.voucherCodes.push(code);
      drawn.voucherSecurityCodes.push(securityCodeFrom(randomInt(0, 1_000_000)));
      drawn.voucherLineNumbers.push(index + 1);
    }
  });
  return drawn;
}

/**
 * The drawn vouchers as one `insert … select` of fixed text (docs/decisions/080), for the order to run
 * in its own statement: each of `DrawnVouchers`' arrays is one placeholder of that name, so the text
 * is the same for any order. `orderId`, `userId` and `now` (a timestamptz) are the caller's
 * expressions; `lines` a relation of the order's new lines with columns `id` and `number` (1 for the
 * first line). A code that collides with an existing one is skipped (no error, so the transaction
 * lives): the order then issues what is missing with `issueVouchers`. Returns `id` and
 * `order_line_id` of the vouchers written.
 */
export function issueVouchersStatement(input: { orderId: SQL; userId: SQL; now: SQL; lines: SQL }): SQL {
  const drawn = (name: keyof DrawnVouchers) => sql.placeholder(name);
  return sql`
    insert into vouchers (order_id, order_line_id, user_id, deal_id, deal_product_id, code, security_code, status,
      expires_at, status_changed_at, created_at)
    select ${input.orderId}, line.id, ${input.userId}, (${drawn('voucherDealIds')}::int[])[drawn.line],
      (${drawn('voucherDealProductIds')}::int[])[drawn.line], drawn.code, drawn.security_code,
      (${drawn('voucherStatuses')}::text[])[drawn.line], (${drawn('voucherExpiresAt')}::timestamptz[])[drawn.line],
      ${input.now}, ${input.now}
    from unnest(${drawn('voucherCodes')}::text[], ${drawn('voucherSecurityCodes')}::text[],
        ${drawn('voucherLineNumbers')}::int[]) with ordinality as drawn(code, security_code, line, position)
      join ${input.lines} as line on line.number = drawn.line
    order by drawn.position
    on conflict (code) do nothing
    returning id, order_line_id`;
}

/** A voucher as the shopper and the merchant read it. */
export interface VoucherView {
  id: number;
  orderId: number;
  /** The order line it was issued for (the confirmation email groups vouchers by line). */
  orderLineId: number;
  userId: number;
  code: string;
  securityCode: string;
  status: VoucherStatus;
  statusLabel: string;
  statusDescription: string | null;
  expiresAt: Date;
  createdAt: Date;
  dealId: number;
  dealHeadline: string;
  productTitle: string;
  isTravel: boolean;
  merchantName: string;
  merchantAddress: string;
  merchantPhone: string;
  /** spec 3 deal type and delivery type: how the voucher is redeemed. */
  dealType: string;
  deliveryType: string;
  bookingCalendarOnRedemption: boolean;
  imageUrl: string | null;
  imageAlt: string | null;
  /** The merchant (bookings are theirs to confirm, docs/decisions/029). */
  merchantId: number;
  /** When the merchant takes bookings by phone (call-to-book), or null. */
  merchantBookingHours: string | null;
  /** The stay bought, when dated: check-in, check-out, nights; the departure airport chosen. */
  checkInDate: string | null;
  checkOutDate: string | null;
  numberOfNights: number | null;
  departureAirport: string | null;
  /** A deposit's balance still to pay for this voucher's line, and when, else null. */
  balanceDue: { amountMinor: number; currency: string; dueDate: string } | null;
}

async function selectViews(
  db: DbOrTx,
  where: SQL | undefined,
  slice?: { limit: number; offset: number },
): Promise<VoucherView[]> {
  const query = db
    .select({
      id: vouchers.id,
      orderId: vouchers.orderId,
      orderLineId: vouchers.orderLineId,
      userId: vouchers.userId,
      code: vouchers.code,
      securityCode: vouchers.securityCode,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      createdAt: vouchers.createdAt,
      dealId: vouchers.dealId,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
      isTravel: deals.isTravel,
      merchantName: merchants.name,
      merchantPhone: merchants.phone,
      dealType: deals.dealType,
      deliveryType: deals.deliveryType,
      bookingCalendarOnRedemption: deals.bookingCalendarOnRedemption,
      addressLine1: merchants.addressLine1,
      town: merchants.town,
      postcode: merchants.postcode,
      merchantId: merchants.id,
      merchantBookingHours: merchants.bookingHours,
      checkInDate: orderLines.checkInDate,
      checkOutDate: orderLines.checkOutDate,
      numberOfNights: orderLines.numberOfNights,
      departureAirport: orderLines.departureAirport,
      balanceDueMinor: orderLines.balanceDueMinor,
      balanceDueDate: orderLines.balanceDueDate,
      lineQuantity: orderLines.quantity,
      currency: deals.currency,
    })
    .from(vouchers)
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .$dynamic();
  const rows = slice ? await query.limit(slice.limit).offset(slice.offset) : await query;
  const images = await firstImages(db, [...new Set(rows.map((row) => row.dealId))]);
  return rows.map(
    ({ addressLine1, town, postcode, balanceDueMinor, balanceDueDate, lineQuantity, currency, ...row }) => {
      const copy = describeVoucherStatus(row.status);
      const image = images.get(row.dealId);
      return {
        ...row,
        statusLabel: copy.label,
        statusDescription: copy.description,
        merchantAddress: [addressLine1, town, postcode].filter(Boolean).join(', '),
        imageUrl: image?.url ?? null,
        imageAlt: image?.alt ?? null,
        // One voucher per unit: each carries its share of the line's balance.
        balanceDue:
          balanceDueMinor !== null && balanceDueMinor > 0 && balanceDueDate !== null
            ? {
                amountMinor: Math.round(balanceDueMinor / Math.max(1, lineQuantity)),
                currency,
                dueDate: balanceDueDate,
              }
            : null,
      };
    },
  );
}

async function firstImages(db: DbOrTx, dealIds: number[]): Promise<Map<number, { url: string; alt: string }>> {
  const images = new Map<number, { url: string; alt: string }>();
  if (dealIds.length === 0) return images;
  const rows = await db
    .select({ dealId: dealImages.dealId, url: dealImages.url, alt: dealImages.alt })
    .from(dealImages)
    .where(inArray(dealImages.dealId, dealIds))
    .orderBy(asc(dealImages.dealId), asc(dealImages.position), asc(dealImages.id));
  for (const row of rows) if (!images.has(row.dealId)) images.set(row.dealId, { url: row.url, alt: row.alt });
  return images;
}

/** A shopper's vouchers, or the vouchers of some orders (a guest's), newest first. */
export async function listVouchers(
  db: DbOrTx,
  filter: { userId: number; orderIds?: number[] } | { orderIds: number[] },
): Promise<VoucherView[]> {
  const conditions = [];
  if ('userId' in filter) conditions.push(eq(vouchers.userId, filter.userId));
  if (filter.orderIds !== undefined) {
    if (filter.orderIds.length === 0) return [];
    conditions.push(inArray(vouchers.orderId, filter.orderIds));
  }
  return selectViews(db, and(...conditions));
}

/** Whose vouchers a page lists: a signed-in shopper's, or a guest's orders'. */
export type VoucherOwner = { userId: number } | { orderIds: number[] };

function ownerCondition(owner: VoucherOwner): SQL | null {
  if ('userId' in owner) return eq(vouchers.userId, owner.userId);
  return owner.orderIds.length === 0 ? null : inArray(vouchers.orderId, owner.orderIds);
}

/** One page of a feed: its vouchers, how many match in all, and the page it is. */
export interface VoucherPage {
  vouchers: VoucherView[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * spec 9 voucher feed (docs/decisions/050): one page of an owner's vouchers, newest first, limited
 * to `statuses` when given, paged in SQL (limit and offset, with a count) rather than loaded whole.
 */
export async function listVoucherPage(
  db: DbOrTx,
  owner: VoucherOwner,
  options: { page: number; pageSize: number; statuses?: readonly VoucherStatus[] | null },
): Promise<VoucherPage> {
  const page = Math.max(1, Math.floor(options.page));
  const empty = { vouchers: [], total: 0, page, pageSize: options.pageSize };
  const mine = ownerCondition(owner);
  if (mine === null) return empty;
  if (options.statuses && options.statuses.length === 0) return empty;
  const where = options.statuses ? and(mine, inArray(vouchers.status, [...options.statuses])) : mine;
  const [counted] = await db.select({ total: count() }).from(vouchers).where(where);
  const total = counted?.total ?? 0;
  if (total === 0) return { ...empty, total };
  const views = await selectViews(db, where, { limit: options.pageSize, offset: (page - 1) * options.pageSize });
  return { vouchers: views, total, page, pageSize: options.pageSize };
}

/** How many of an owner's vouchers are in each stored status (the filter shows the counts). */
export async function countVouchersByStatus(db: DbOrTx, owner: VoucherOwner): Promise<Map<VoucherStatus, number>> {
  const counts = new Map<VoucherStatus, number>();
  const mine = ownerCondition(owner);
  if (mine === null) return counts;
  const rows = await db
    .select({ status: vouchers.status, total: count() })
    .from(vouchers)
    .where(mine)
    .groupBy(vouchers.status);
  for (const row of rows) counts.set(row.status, row.total);
  return counts;
}

/** A shopper's voucher that can still be used, with what its option cost them (docs/decisions/052). */
export interface LiveVoucher {
  id: number;
  code: string;
  status: VoucherStatus;
  expiresAt: Date;
  extendedMonths: number;
  dealId: number;
  dealHeadline: string;
  productTitle: string;
  currency: 'GBP' | 'EUR';
  /** What the shopper paid for one unit: the price its add-ons are priced by (decision 026). */
  unitPriceMinor: number;
}

/** A signed-in shopper's Ready to Redeem and Booked vouchers not yet expired, soonest expiry first. */
export async function listLiveVouchers(db: DbOrTx, userId: number, now: Date): Promise<LiveVoucher[]> {
  return db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      extendedMonths: vouchers.extendedMonths,
      dealId: vouchers.dealId,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
      currency: orders.currency,
      unitPriceMinor: orderLines.unitPriceMinor,
    })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(and(eq(vouchers.userId, userId), inArray(vouchers.status, ['ready', 'booked']), gt(vouchers.expiresAt, now)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id));
}

/** A shopper's vouchers in one status and currency: how many, what they paid, what the options list at. */
export interface VoucherTally {
  status: VoucherStatus;
  currency: 'GBP' | 'EUR';
  vouchers: number;
  paidMinor: number;
  /** What they saved on the option's original price, never below 0 a voucher. */
  savedMinor: number;
}

/**
 * A signed-in shopper's vouchers tallied by status and currency (the insights page, docs/decisions/052),
 * and how many usable ones expire by `expiringBy`: two indexed reads of the shopper's own rows.
 */
export async function tallyShopperVouchers(
  db: DbOrTx,
  userId: number,
  window: { now: Date; expiringBy: Date },
): Promise<{ tallies: VoucherTally[]; expiringSoon: number }> {
  const tallies = await db
    .select({
      status: vouchers.status,
      currency: orders.currency,
      vouchers: count(),
      paidMinor: sql<number>`coalesce(sum(${orderLines.unitPriceMinor}), 0)`.mapWith(Number),
      savedMinor:
        sql<number>`coalesce(sum(greatest(${dealProducts.originalPriceMinor} - ${orderLines.unitPriceMinor}, 0)), 0)`.mapWith(
          Number,
        ),
    })
    .from(vouchers)
    .innerJoin(orders, eq(orders.id, vouchers.orderId))
    .innerJoin(orderLines, eq(orderLines.id, vouchers.orderLineId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .where(eq(vouchers.userId, userId))
    .groupBy(vouchers.status, orders.currency);
  const [soon] = await db
    .select({ total: count() })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.userId, userId),
        inArray(vouchers.status, ['ready', 'booked']),
        gt(vouchers.expiresAt, window.now),
        lte(vouchers.expiresAt, window.expiringBy),
      ),
    );
  return { tallies, expiringSoon: soon?.total ?? 0 };
}

/**
 * The page (of `pageSize`, newest first) that shows voucher `voucherId` among an owner's vouchers in
 * `statuses`, or null when it is not among them. An action's notice shows on its voucher, so the
 * page answering a form lands where that voucher is.
 */
export async function locateVoucherPage(
  db: DbOrTx,
  owner: VoucherOwner,
  voucherId: number,
  options: { pageSize: number; statuses?: readonly VoucherStatus[] | null },
): Promise<number | null> {
  const mine = ownerCondition(owner);
  if (mine === null) return null;
  const inFilter = options.statuses ? inArray(vouchers.status, [...options.statuses]) : undefined;
  const [target] = await db
    .select({ createdAt: vouchers.createdAt })
    .from(vouchers)
    .where(and(mine, inFilter, eq(vouchers.id, voucherId)));
  if (target === undefined) return null;
  // Those listed before it: newer, or as new with a higher id (the feed's order).
  const [before] = await db
    .select({ total: count() })
    .from(vouchers)
    .where(
      and(
        mine,
        inFilter,
        or(
          gt(vouchers.createdAt, target.createdAt),
          and(eq(vouchers.createdAt, target.createdAt), gt(vouchers.id, voucherId)),
        ),
      ),
    );
  return Math.floor((before?.total ?? 0) / options.pageSize) + 1;
}

/** One voucher by id, or null. */
export async function retrieveVoucher(db: DbOrTx, id: number): Promise<VoucherView | null> {
  const [view] = await selectViews(db, eq(vouchers.id, id));
  return view ?? null;
}

/** The order confirmation's header (spec 2): number, total, and whose it is. */
export interface PurchaseSummary {
  orderId: number;
  userId: number;
  totalMinor: number;
  currency: 'GBP' | 'EUR';
  createdAt: Date;
}

/** An order's number and total for the confirmation panel, or null. */
export async function retrievePurchaseSummary(db: DbOrTx, orderId: number): Promise<PurchaseSummary | null> {
  const [row] = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      totalMinor: orders.totalMinor,
      currency: orders.currency,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * One order line's vouchers and what each is worth back (its unit price and postage), with the
 * order's buyer and how much of it was paid by card: what a late shipment's full refund gives back
 * (Consumer Rights Act 2015 s28; docs/decisions/051). Null for no such line.
 */
export interface LineVouchers {
  orderId: number;
  userId: number;
  dealProductId: number;
  quantity: number;
  currency: 'GBP' | 'EUR';
  unitValueMinor: number;
  orderCashMinor: number;
  paymentMethod: string;
  vouchers: Array<{ id: number; status: VoucherStatus }>;
}

export async function retrieveLineVouchers(db: DbOrTx, orderLineId: number): Promise<LineVouchers | null> {
  const [line] = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      dealProductId: orderLines.dealProductId,
      quantity: orderLines.quantity,
      currency: orders.currency,
      unitPriceMinor: orderLines.unitPriceMinor,
      postageMinor: orderLines.postageMinor,
      orderCashMinor: orders.cashAmountMinor,
      paymentMethod: orders.paymentMethod,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, orderLineId));
  if (line === undefined) return null;
  const issued = await db
    .select({ id: vouchers.id, status: vouchers.status })
    .from(vouchers)
    .where(eq(vouchers.orderLineId, orderLineId))
    .orderBy(asc(vouchers.id));
  const { unitPriceMinor, postageMinor, ...rest } = line;
  return { ...rest, unitValueMinor: unitPriceMinor + postageMinor, vouchers: issued };
}
export { extendVoucher, giveVouchers, protectVoucher, setExpiryCreditConsent } from './changes';
export { canViewVoucher, type VoucherViewer } from './guest-access';
export { expireVouchers, lockVoucher, lockVoucherByCode, moveVoucher, type VoucherMove } from './transitions';

/** spec 7 deal/redeem-instructions: what the deal tells its voucher holders, or null for no such deal. */
export async function retrieveRedeemInstructions(
  db: DbOrTx,
  dealId: number,
): Promise<{ dealId: number; headline: string; instructions: string[] } | null> {
  const [deal] = await db
    .select({
      headline: deals.headline,
      dealType: deals.dealType,
      deliveryType: deals.deliveryType,
      bookingCalendarOnRedemption: deals.bookingCalendarOnRedemption,
      merchantName: merchants.name,
      merchantPhone: merchants.phone,
    })
    .from(deals)
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(eq(deals.id, dealId));
  if (deal === undefined) return null;
  return { dealId, headline: deal.headline, instructions: redeemInstructionsForDeal('ready', deal) };
}
