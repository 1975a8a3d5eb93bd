/**
 * What the gifting service's parts share: its wording, gift and card codes, and the gift email
 * (written to the outbox in the caller's transaction).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { formatGiftCode } from '@/domain/gifting';
import { users } from '@/server/accounts/schema';
import type { Tx } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import { orderLines } from '@/server/orders/schema';
import { listVouchers, retrieveVoucher, type VoucherView } from '@/server/vouchers';
import { type GiftRow, gifts } from './schema';

export const GIFT_MESSAGES = {
  unknownCode: "We can't find a gift with that code. Check it against your email and try again.",
  alreadyClaimed: 'This gift has already been claimed.',
  ownGift: 'This is a gift you sent. Only the person you sent it to can claim it.',
  badCode: 'Enter the gift code from your email, like GIFT-ABCD-EFGH-JKLM.',
  unknownCard: "We can't find a gift card with that code. Check it and try again.",
  cardRedeemed: 'This gift card has already been redeemed.',
  cardExpired: 'This gift card has expired: gift cards must be redeemed within 6 months of purchase.',
  badCardCode: 'Enter the gift card code, like CARD-ABCD-EFGH-JKLM.',
  notYourVoucher: 'We could not find that voucher.',
  voucherNotGiftable: 'Only a voucher that is ready to redeem and not yet expired can be sent as a gift.',
  voucherAlreadyGifted: 'This voucher is already on its way to someone as a gift.',
  giftToSelf: "Send the gift to someone else's email address.",
  voucherGone: 'Sorry, this gift is no longer available: the voucher has been used or refunded.',
  voucherSent: (name: string) => `Sent: we have emailed ${name} a gift code to claim this voucher.`,
  /** The recipient's claim of a gift its sender took back (docs/decisions/048). */
  cancelled: 'Sorry, this gift is no longer available: the sender cancelled it.',
  /** The sender's cancel of a gift that is not waiting any more. */
  notCancellable: 'This gift can no longer be cancelled: it has already been claimed or cancelled.',
  giftCancelled: (name: string) =>
    `Gift cancelled: the code we sent ${name} no longer works, and the voucher is yours to use, refund or send again.`,
} as const;

export function newCode(prefix: 'GIFT' | 'CARD'): string {
  return formatGiftCode(randomBytes(12), prefix);
}

/**
 * The gifted vouchers as the vouchers service reads them: the one sent from the voucher page, or the
 * e-gifted line's (those of its order for its deal; one line's vouchers share their expiry).
 */
async function giftedVouchers(tx: Tx, gift: GiftRow, dealId: number): Promise<VoucherView[]> {
  if (gift.voucherId !== null) {
    const voucher = await retrieveVoucher(tx, gift.voucherId);
    return voucher === null ? [] : [voucher];
  }
  return (await listVouchers(tx, { orderIds: [gift.orderId] })).filter((voucher) => voucher.dealId === dealId);
}

/** Writes a gift's email to the outbox and marks it mailed (inside the caller's transaction). */
export async function mailGift(tx: Tx, giftId: number, origin: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({
      gift: gifts,
      senderName: users.firstName,
      title: orderLines.title,
      quantity: orderLines.quantity,
      dealId: orderLines.dealId,
    })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.senderUserId))
    .innerJoin(orderLines, eq(orderLines.id, gifts.orderLineId))
    .where(and(eq(gifts.id, giftId), isNull(gifts.mailedAt), isNull(gifts.cancelledAt)))
    .for('update', { of: gifts, skipLocked: true });
  if (row === undefined) return false;
  const quantity = row.gift.voucherId === null ? row.quantity : 1;
  const what = quantity > 1 ? `${quantity} × ${row.title}` : row.title;
  const sender = row.senderName || 'Someone';
  const vouchers = await giftedVouchers(tx, row.gift, row.dealId);
  const first = vouchers[0];
  const expiresAt = vouchers.reduce<Date | null>(
    (soonest, voucher) => (soonest === null || voucher.expiresAt < soonest ? voucher.expiresAt : soonest),
    null,
  );
  await enqueueMail(tx, {
    userId: null,
    kind: 'e_gift',
    recipient: row.gift.recipientEmail,
    subject: `${sender} sent you a gift from Tuppence`,
    template: 'gift',
    data: {
      kind: 'voucher',
      recipientName: row.gift.recipientName,
      senderName: sender,
      message: row.gift.message,
      code: row.gift.code,
      what,
      // A place to go, not a travel deal's booking office or a product posted out.
      merchant:
        first !== undefined && !first.isTravel && first.deliveryType === 'e-voucher'
          ? { name: first.merchantName, address: first.merchantAddress }
          : null,
      expiresAt: expiresAt?.toISOString() ?? null,
      claimUrl: `${origin}/mygift?code=${encodeURIComponent(row.gift.code)}`,
    },
  });
  await tx.update(gifts).set({ mailedAt: now }).where(eq(gifts.id, giftId));
  return true;
}
