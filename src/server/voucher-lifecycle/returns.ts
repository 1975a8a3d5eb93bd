/**
 * Returns of products (docs/decisions/026): a product sent by post goes back to the merchant before
 * its money comes back. Return Requested (a return order with its label), Return in Transit (the
 * shopper has posted it), Returned to the Merchant (the merchant or support has it), then Refunded
 * to the card.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PageSizes, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { LifecycleError, NotFound } from '@/domain/errors';
import { formatLongDate } from '@/domain/format';
import { LIFECYCLE_COPY, returnRefusal } from '@/domain/voucher-lifecycle';
import type { VoucherActor } from '@/domain/voucher-status';
import { users } from '@/server/accounts/schema';
import { dealProducts, deals, merchants } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import type { PaymentProviders } from '@/server/payments';
import { lockVoucher, moveVoucher } from '@/server/vouchers';
import { vouchers } from '@/server/vouchers/schema';
import { loadVoucherContext } from './context';
import { type RefundOutcome, refundReturnedProduct } from './refunds';
import { voucherReturns } from './schema';

/** Starts a product's return (within the window, or protected): a return order with its reference. */
export async function requestReturn(db: Db, input: { voucherId: number; userId: number; now: Date }): Promise<string> {
  return db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, input.voucherId, input.userId);
    if (context === null) throw new LifecycleError('notYours');
    if (!context.isPhysical) throw new LifecycleError('notPhysical');
    const { voucher } = context;
    const refusal = returnRefusal(
      {
        status: voucher.status,
        createdAt: voucher.createdAt,
        expiresAt: voucher.expiresAt,
        isProtected: voucher.isProtected,
      },
      input.now,
    );
    if (refusal !== null) throw new LifecycleError(refusal);
    await moveVoucher(tx, {
      voucherId: voucher.id,
      event: 'requestReturn',
      actor: 'shopper',
      actorUserId: input.userId,
      now: input.now,
    });
    const reference = `RT-${voucher.code.slice(3)}`;
    await tx.insert(voucherReturns).values({ voucherId: voucher.id, reference, createdAt: input.now });
    return reference;
  });
}

/** The shopper has posted it: Return Requested -> Return in Transit. */
export async function markReturnPosted(db: Db, input: { voucherId: number; userId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    const context = await loadVoucherContext(tx, input.voucherId, input.userId);
    if (context === null) throw new LifecycleError('notYours');
    await moveVoucher(tx, {
      voucherId: input.voucherId,
      event: 'shipReturn',
      actor: 'shopper',
      actorUserId: input.userId,
      now: input.now,
    });
  });
}

/**
 * The merchant (or support) has the product back: Return in Transit -> Returned to the Merchant, then
 * the refund to the card (Refunded) in a transaction of its own.
 */
export async function receiveReturn(
  db: Db,
  providers: PaymentProviders,
  input: {
    voucherId: number;
    actor: Extract<VoucherActor, 'merchant' | 'operator'>;
    actorUserId?: number | null;
    now: Date;
  },
): Promise<RefundOutcome> {
  await db.transaction(async (tx) => {
    await moveVoucher(tx, {
      voucherId: input.voucherId,
      event: 'receiveReturn',
      actor: input.actor,
      actorUserId: input.actorUserId ?? null,
      now: input.now,
    });
  });
  return refundReturnedProduct(db, providers, {
    voucherId: input.voucherId,
    userId: null,
    now: input.now,
    actor: 'system',
  });
}

/** The statuses of a return the merchant is waiting for (their Returns page). */
const AWAITED_RETURN_STATUSES = ['return_requested', 'return_in_transit'] as const;

/** What the merchant's Returns page shows of one product on its way back. */
export interface MerchantReturn {
  voucherId: number;
  code: string;
  status: 'return_requested' | 'return_in_transit';
  reference: string;
  openedAt: Date;
  /** The customer's first name only (the dashboard shows no more of a customer). */
  customerFirstName: string;
  dealHeadline: string;
  productTitle: string;
}

/** The merchant's products that customers are sending back (Return Requested or Return in Transit), oldest first. */
export async function listMerchantReturns(db: Db, merchantId: number): Promise<MerchantReturn[]> {
  const rows = await db
    .select({
      voucherId: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      reference: voucherReturns.reference,
      openedAt: voucherReturns.createdAt,
      customerFirstName: users.firstName,
      dealHeadline: deals.headline,
      productTitle: dealProducts.title,
    })
    .from(voucherReturns)
    .innerJoin(vouchers, eq(vouchers.id, voucherReturns.voucherId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .innerJoin(users, eq(users.id, vouchers.userId))
    .where(and(eq(deals.merchantId, merchantId), inArray(vouchers.status, [...AWAITED_RETURN_STATUSES])))
    .orderBy(asc(voucherReturns.createdAt), asc(vouchers.id));
  return rows.map((row) => ({ ...row, status: row.status as MerchantReturn['status'] }));
}

/**
 * A member of the merchant marks a returned parcel received (their Returns page): in one transaction
 * the voucher, locked, moves to Returned to the Merchant through the state machine with its audit
 * row; a parcel that arrives before the customer said "I've posted it" is first moved on to Return
 * in Transit by the system (audited too). Then the refund follows by the existing rules
 * (`refundReturnedProduct`: to the card, any part the wallet paid back to the wallet). Another
 * merchant's voucher, or one not on its way back, is the same 404: nothing to receive here.
 */
export async function receiveMerchantReturn(
  db: Db,
  providers: PaymentProviders,
  input: { merchantId: number; voucherId: number; userId: number; now: Date },
): Promise<RefundOutcome> {
  await db.transaction(async (tx) => {
    const voucher = await lockVoucher(tx, input.voucherId);
    const [deal] =
      voucher === null
        ? []
        : await tx.select({ merchantId: deals.merchantId }).from(deals).where(eq(deals.id, voucher.dealId));
    const awaited = AWAITED_RETURN_STATUSES as readonly string[];
    if (voucher === null || deal?.merchantId !== input.merchantId || !awaited.includes(voucher.status)) {
      throw new NotFound(LIFECYCLE_COPY.noSuchReturn);
    }
    if (voucher.status === 'return_requested') {
      await moveVoucher(tx, {
        voucherId: voucher.id,
        event: 'shipReturn',
        actor: 'system',
        now: input.now,
        note: 'the merchant has the parcel',
      });
    }
    await moveVoucher(tx, {
      voucherId: voucher.id,
      event: 'receiveReturn',
      actor: 'merchant',
      actorUserId: input.userId,
      now: input.now,
    });
  });
  return refundReturnedProduct(db, providers, {
    voucherId: input.voucherId,
    userId: null,
    now: input.now,
    actor: 'system',
  });
}

/** The returns label (spec 7 /v1/returns/returns-label and /v1/returns/pdf) of a shopper's return, or null. */
/** The reference of the shopper's return of this voucher, or null (no return, or not theirs); no PDF is drawn. */
export async function retrieveReturnReference(
  db: Db,
  input: { voucherId: number; userId: number },
): Promise<string | null> {
  const [row] = await db
    .select({ reference: voucherReturns.reference })
    .from(voucherReturns)
    .innerJoin(vouchers, eq(vouchers.id, voucherReturns.voucherId))
    .where(and(eq(voucherReturns.voucherId, input.voucherId), eq(vouchers.userId, input.userId)));
  return row?.reference ?? null;
}

export async function renderReturnsLabel(
  db: Db,
  input: { voucherId: number; userId: number },
): Promise<{ reference: string; bytes: Uint8Array } | null> {
  const [row] = await db
    .select({
      reference: voucherReturns.reference,
      createdAt: voucherReturns.createdAt,
      code: vouchers.code,
      userId: vouchers.userId,
      headline: deals.headline,
      productTitle: dealProducts.title,
      merchantName: merchants.name,
      addressLine1: merchants.addressLine1,
      town: merchants.town,
      postcode: merchants.postcode,
    })
    .from(voucherReturns)
    .innerJoin(vouchers, eq(vouchers.id, voucherReturns.voucherId))
    .innerJoin(deals, eq(deals.id, vouchers.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, vouchers.dealProductId))
    .innerJoin(merchants, eq(merchants.id, deals.merchantId))
    .where(eq(voucherReturns.voucherId, input.voucherId));
  if (row === undefined || row.userId !== input.userId) return null;
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  pdf.setTitle(`Returns label ${row.reference}`);
  pdf.setLanguage('en-GB');
  const page = pdf.addPage(PageSizes.A5);
  const { height } = page.getSize();
  const supported = new Set(regular.getCharacterSet());
  const clean = (text: string) => [...text].filter((c) => supported.has(c.codePointAt(0) ?? 0)).join('');
  let y = height - 48;
  const line = (text: string, size: number, font = regular, gap = 6) => {
    y -= size;
    page.drawText(clean(text), { x: 40, y, size, font, color: rgb(0.1, 0.1, 0.12) });
    y -= gap;
  };
  line('RETURNS LABEL', 20, bold, 14);
  line('Send to', 10);
  line(row.merchantName, 16, bold);
  line(row.addressLine1, 14);
  line(row.town, 14);
  line(row.postcode, 18, bold, 18);
  line(`Return reference: ${row.reference}`, 14, bold);
  line(`Item: ${row.headline} (${row.productTitle})`, 10);
  line(`Voucher: ${row.code}`, 10);
  line(`Return opened: ${formatLongDate(row.createdAt)}`, 10, regular, 12);
  line('Put the item in its packaging with this label on the outside.', 10);
  const qr = await pdf.embedPng(await QRCode.toBuffer(row.reference, { type: 'png', margin: 1, scale: 4 }));
  page.drawImage(qr, { x: 40, y: y - 110, width: 100, height: 100 });
  return { reference: row.reference, bytes: await pdf.save() };
}
