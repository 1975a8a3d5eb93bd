/**
 * What a shopper's account shows of their gifting (/myaccount/gifts): the e-gifts they
 * sent (scheduled, sent, claimed) and the gift cards they bought (value, code, redeemed, expiry).
 * Each list is keyed on the signed-in shopper, so nobody sees another's.
 */
import { desc, eq } from 'drizzle-orm';
import { giftCardStatus, type SentGiftStatus, sentGiftStatus } from '@/domain/gifting';
import type { Db } from '@/server/db';
import { orderLines } from '@/server/orders/schema';
import { giftCards, gifts } from './schema';

/** A gift a shopper sent, as /myaccount/gifts lists it. */
export interface SentGiftView {
  code: string;
  recipientName: string;
  recipientEmail: string;
  /** The UK day the email goes (or went). */
  sendOn: string;
  status: SentGiftStatus;
  claimedAt: Date | null;
  /** Still waiting to be claimed: its sender may cancel it (docs/decisions/048). */
  isCancellable: boolean;
  dealId: number;
  headline: string;
  productTitle: string;
  quantity: number;
  orderId: number;
}

/** A gift card a shopper bought, as /myaccount/gifts lists it (spec 4: expires 6 months after purchase). */
export interface BoughtGiftCardView {
  code: string;
  value: { amountMinor: number; currency: 'GBP' | 'EUR' };
  status: 'active' | 'redeemed' | 'expired';
  purchasedAt: Date;
  expiresAt: Date;
  redeemedAt: Date | null;
  orderId: number;
}

/** The gift cards a shopper bought, newest first (only theirs: the buyer is the key). */
export async function listBoughtGiftCards(db: Db, userId: number, now = new Date()): Promise<BoughtGiftCardView[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(eq(giftCards.buyerUserId, userId))
    .orderBy(desc(giftCards.purchasedAt), desc(giftCards.id));
  return rows.map((card) => ({
    code: card.code,
    value: { amountMinor: card.valueMinor, currency: card.currency },
    status: giftCardStatus(card, now),
    purchasedAt: card.purchasedAt,
    expiresAt: card.expiresAt,
    redeemedAt: card.redeemedAt,
    orderId: card.orderId,
  }));
}

/** The e-gifts a shopper sent, newest first (only theirs: the sender is the key), with where each is. */
export async function listSentGifts(db: Db, userId: number): Promise<SentGiftView[]> {
  const rows = await db
    .select({ gift: gifts, title: orderLines.title, dealId: orderLines.dealId, quantity: orderLines.quantity })
    .from(gifts)
    .innerJoin(orderLines, eq(orderLines.id, gifts.orderLineId))
    .where(eq(gifts.senderUserId, userId))
    .orderBy(desc(gifts.id));
  return rows.map(({ gift, title, dealId, quantity }) => {
    const [headline, ...rest] = title.split(': ');
    return {
      code: gift.code,
      recipientName: gift.recipientName,
      recipientEmail: gift.recipientEmail,
      sendOn: gift.sendOn,
      status: sentGiftStatus(gift),
      isCancellable: gift.claimedAt === null && gift.cancelledAt === null,
      claimedAt: gift.claimedAt,
      dealId,
      headline: headline ?? title,
      productTitle: rest.join(': '),
      quantity,
      orderId: gift.orderId,
    };
  });
}
