/**
 * Gifts and gift cards (docs/decisions/028-gifting.md). Reached only through
 * this module.
 *
 * - After an order commits (the `gifts` subscriber of `order.placed`), each e-gifted line becomes a gift with a
 *   code; its email is written to the outbox on the send date (now, when that is today; else by
 *   the hourly jobs, `sendDueGifts`).
 * - The recipient claims the gift at /mygift (or the claim-my-gift guide page) with the code: in
 *   one transaction the gift is marked claimed (only if it was not) and its vouchers move to the
 *   recipient's account. A second claim is refused.
 * - spec 4 redemption event key gifting (docs/decisions/026): a shopper sends one bought, Ready to
 *   Redeem voucher from the voucher page (`giftVoucher`, ./voucher-gifts.ts): a gift of that
 *   voucher alone, mailed now; the claim moves that voucher only, and only while it is still the
 *   sender's and Ready to Redeem.
 * - A gift card line becomes gift cards (one per unit) with codes mailed to the buyer; redeemed at
 *   /giftcard/redeem, the value becomes wallet credit; unredeemed, it expires 6 months after
 *   purchase (spec 4), by the hourly jobs.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import { londonDay } from '@/domain/format';
import { GIFT_CARD_TAG, giftCardExpiry, normaliseGiftCode } from '@/domain/gifting';
import { walletCreditExpiry } from '@/domain/wallet';
import { dealProducts, deals } from '@/server/catalog/schema';
import type { Db } from '@/server/db';
import { enqueueMail } from '@/server/mail';
import { orderLines, orders } from '@/server/orders/schema';
import { giveVouchers } from '@/server/vouchers';
import { creditWallet } from '@/server/wallet';
import { GIFT_MESSAGES, mailGift, newCode } from './mail';
import { giftCards, gifts } from './schema';

export { cancelGiftsForClosure } from './closure';
export { GIFT_MESSAGES } from './mail';
export type { GiftCardRow, GiftRow } from './schema';
export { cancelGift, giftVoucher, listWaitingVoucherGifts, retrieveWaitingGift } from './voucher-gifts';

/**
 * Which of these orders hold a line that becomes a gift or a gift card, in one statement
 * (docs/decisions/075): the `gifts` subscriber's batch records only those, most orders holding none.
 */
export async function ordersWithGifts(db: Db, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      line: { deliveryOptionType: orderLines.deliveryOptionType, giftDetails: orderLines.giftDetails },
      tags: deals.tags,
    })
    .from(orderLines)
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .where(inArray(orderLines.orderId, [...orderIds]));
  return new Set(lines.filter(isGiftLine).map((line) => line.orderId));
}

/** An e-gifted line, or a gift card deal's. */
function isGiftLine({
  line,
  tags,
}: {
  line: { deliveryOptionType: string; giftDetails: { kind?: string } | null };
  tags: string[];
}): boolean {
  return (line.deliveryOptionType === 'e-gift' && line.giftDetails?.kind === 'e-gift') || tags.includes(GIFT_CARD_TAG);
}

/**
 * After an order commits: its e-gifted lines become gifts (once: a retry finds them), and the ones
 * due today are mailed now; its gift card lines become gift cards, mailed to the buyer.
 */
export async function recordOrderGifts(
  db: Db,
  event: { orderId: number; buyer: { id: number; email: string; firstName: string }; origin: string },
  now = new Date(),
): Promise<void> {
  const lines = await db
    .select({
      line: orderLines,
      tags: deals.tags,
      priceMinor: dealProducts.priceMinor,
      currency: deals.currency,
      orderedAt: orders.createdAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(deals, eq(deals.id, orderLines.dealId))
    .innerJoin(dealProducts, eq(dealProducts.id, orderLines.dealProductId))
    .where(eq(orderLines.orderId, event.orderId))
    .orderBy(asc(orderLines.id));
  // Most orders hold no gift: no transaction to open (docs/decisions/063).
  if (!lines.some(isGiftLine)) return;
  await db.transaction(async (tx) => {
    for (const { line, tags, priceMinor, currency, orderedAt } of lines) {
      const details = line.giftDetails;
      if (line.deliveryOptionType === 'e-gift' && details?.kind === 'e-gift') {
        const [created] = await tx
          .insert(gifts)
          .values({
            orderId: line.orderId,
            orderLineId: line.id,
            senderUserId: event.buyer.id,
            code: newCode('GIFT'),
            recipientName: details.recipientName,
            recipientEmail: details.recipientEmail,
            message: details.message,
            sendOn: details.sendOn,
          })
          .onConflictDoNothing({ target: gifts.orderLineId, where: sql`${gifts.voucherId} is null` })
          .returning({ id: gifts.id, sendOn: gifts.sendOn });
        if (created !== undefined && created.sendOn <= londonDay(now))
          await mailGift(tx, created.id, event.origin, now);
      }
      if (tags.includes(GIFT_CARD_TAG)) {
        const existing = await tx
          .select({ id: giftCards.id })
          .from(giftCards)
          .where(eq(giftCards.orderLineId, line.id))
          .limit(1);
        if (existing.length > 0) continue;
        const cards = await tx
          .insert(giftCards)
          .values(
            Array.from({ length: line.quantity }, () => ({
              code: newCode('CARD'),
              orderId: line.orderId,
              orderLineId: line.id,
              buyerUserId: event.buyer.id,
              valueMinor: priceMinor,
              currency: currency === 'EUR' ? ('EUR' as const) : ('GBP' as const),
              purchasedAt: orderedAt,
              expiresAt: giftCardExpiry(orderedAt),
            })),
          )
          .returning();
        await enqueueMail(tx, {
          userId: event.buyer.id,
          kind: 'gift_card',
          recipient: event.buyer.email,
          subject: cards.length > 1 ? 'Your Tuppence gift cards' : 'Your Tuppence gift card',
          template: 'gift',
          data: {
            kind: 'gift-card',
            buyerName: event.buyer.firstName || 'there',
            cards: cards.map((card) => ({
              code: card.code,
              value: { amountMinor: card.valueMinor, currency: card.currency },
              expiresAt: card.expiresAt.toISOString(),
            })),
            redeemUrl: `${event.origin}/giftcard/redeem`,
          },
        });
      }
    }
  });
}

/** The hourly job: every gift whose send date has come and whose email is not written yet. */
export async function sendDueGifts(db: Db, options: { now: Date; origin: string; limit?: number }): Promise<number> {
  const due = await db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(isNull(gifts.mailedAt), isNull(gifts.cancelledAt), lte(gifts.sendOn, londonDay(options.now))))
    .orderBy(asc(gifts.id))
    .limit(options.limit ?? 500);
  let sent = 0;
  for (const { id } of due) {
    if (await db.transaction((tx) => mailGift(tx, id, options.origin, options.now))) sent += 1;
  }
  return sent;
}

export interface GiftView {
  code: string;
  recipientName: string;
  message: string;
  claimed: boolean;
  /** The sender cancelled it before it was claimed. */
  cancelled: boolean;
  items: { headline: string; productTitle: string; quantity: number; dealId: number }[];
}

/** A gift by its code, as /mygift shows it before claiming; null when the code names none. */
export async function retrieveGift(db: Db, rawCode: string): Promise<GiftView | null> {
  const code = normaliseGiftCode(rawCode);
  if (code === null || !code.startsWith('GIFT-')) return null;
  const [row] = await db
    .select({ gift: gifts, line: orderLines })
    .from(gifts)
    .innerJoin(orderLines, eq(orderLines.id, gifts.orderLineId))
    .where(eq(gifts.code, code));
  if (row === undefined) return null;
  const [headline, ...rest] = row.line.title.split(': ');
  return {
    code,
    recipientName: row.gift.recipientName,
    message: row.gift.message,
    claimed: row.gift.claimedAt !== null,
    cancelled: row.gift.cancelledAt !== null,
    items: [
      {
        headline: headline ?? row.line.title,
        productTitle: rest.join(': '),
        quantity: row.gift.voucherId === null ? row.line.quantity : 1,
        dealId: row.line.dealId,
      },
    ],
  };
}

/**
 * Claims a gift for a signed-in shopper: once, in one transaction (the gift marked claimed only if
 * it was not, its vouchers moved to the claimer). Returns how many vouchers moved.
 */
export async function claimGift(
  db: Db,
  input: { code: string; userId: number; now: Date },
): Promise<{ vouchers: number; code: string }> {
  const code = normaliseGiftCode(input.code);
  if (code === null || !code.startsWith('GIFT-')) throw new Invalid(GIFT_MESSAGES.badCode);
  return db.transaction(async (tx) => {
    const [gift] = await tx.select().from(gifts).where(eq(gifts.code, code)).for('update');
    if (gift === undefined) throw new NotFound(GIFT_MESSAGES.unknownCode);
    if (gift.claimedAt !== null) throw new Conflict(GIFT_MESSAGES.alreadyClaimed);
    if (gift.cancelledAt !== null) throw new Conflict(GIFT_MESSAGES.cancelled);
    if (gift.senderUserId === input.userId) throw new Conflict(GIFT_MESSAGES.ownGift);
    await tx.update(gifts).set({ claimedAt: input.now, claimedByUserId: input.userId }).where(eq(gifts.id, gift.id));
    // A voucher sent from the voucher page moves alone, and only while the sender still has it unused.
    const moved = await giveVouchers(
      tx,
      gift.voucherId === null
        ? { orderLineId: gift.orderLineId }
        : { voucherId: gift.voucherId, fromUserId: gift.senderUserId },
      input.userId,
      input.now,
    );
    if (gift.voucherId !== null && moved.length === 0) throw new Conflict(GIFT_MESSAGES.voucherGone);
    return { vouchers: moved.length, code };
  });
}

/** Redeems a gift card into the signed-in shopper's wallet (spec 4: within 6 months of purchase). */
export async function redeemGiftCard(
  db: Db,
  input: { code: string; userId: number; now: Date },
): Promise<{ amountMinor: number; currency: 'GBP' | 'EUR' }> {
  const code = normaliseGiftCode(input.code);
  if (code === null || !code.startsWith('CARD-')) throw new Invalid(GIFT_MESSAGES.badCardCode);
  const outcome = await db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code)).for('update');
    if (card === undefined) return { refused: new NotFound(GIFT_MESSAGES.unknownCard) };
    if (card.status === 'redeemed') return { refused: new Conflict(GIFT_MESSAGES.cardRedeemed) };
    if (card.status === 'expired' || card.expiresAt <= input.now) {
      if (card.status !== 'expired')
        await tx.update(giftCards).set({ status: 'expired' }).where(eq(giftCards.id, card.id));
      return { refused: new Conflict(GIFT_MESSAGES.cardExpired) };
    }
    const entry = await creditWallet(tx, {
      userId: input.userId,
      currency: card.currency,
      kind: 'cash',
      amountMinor: card.valueMinor,
      description: `Gift card ${card.code}`,
      // spec 4: wallet credit expires 12 months after redemption.
      expiresAt: walletCreditExpiry(input.now),
    });
    await tx
      .update(giftCards)
      .set({ status: 'redeemed', redeemedAt: input.now, redeemedByUserId: input.userId, walletEntryId: entry.id })
      .where(eq(giftCards.id, card.id));
    return { amountMinor: card.valueMinor, currency: card.currency };
  });
  // An expired card is marked so in its own commit, then refused.
  if ('refused' in outcome) throw outcome.refused;
  return outcome;
}

/** The hourly job: spec 4, gift cards not redeemed within 6 months of purchase expire. */
export async function expireGiftCards(db: Db, now: Date): Promise<number> {
  const expired = await db
    .update(giftCards)
    .set({ status: 'expired' })
    .where(and(eq(giftCards.status, 'active'), lte(giftCards.expiresAt, now)))
    .returning({ id: giftCards.id });
  return expired.length;
}

export {
  type BoughtGiftCardView,
  listBoughtGiftCards,
  listSentGifts,
  type SentGiftView,
} from './account';

/** Tuppence's own gift card deal (its options are the values), or null when the catalogue has none. */
export async function retrieveGiftCardDeal(
  db: Db,
): Promise<{ dealId: number; options: { id: number; title: string; priceMinor: number }[] } | null> {
  const rows = await db
    .select({ dealId: deals.id, id: dealProducts.id, title: dealProducts.title, priceMinor: dealProducts.priceMinor })
    .from(deals)
    .innerJoin(dealProducts, eq(dealProducts.dealId, deals.id))
    .where(and(sql`${deals.tags} ? ${GIFT_CARD_TAG}`, eq(deals.status, 'live'), eq(dealProducts.disabled, false)))
    .orderBy(asc(dealProducts.sortOrder));
  const first = rows[0];
  if (first === undefined) return null;
  return { dealId: first.dealId, options: rows.map(({ id, title, priceMinor }) => ({ id, title, priceMinor })) };
}

/** What the claim form shows (/mygift, the claim-my-gift guide page). */
export interface GiftClaimState {
  signedIn: boolean;
  rawCode: string;
  gift: GiftView | null;
  claimed: { vouchers: number } | null;
  problem: string | null;
}

/**
 * The claim form's state from the page's ?code= and the claimGift action's outcome (its refusal
 * message, or what it claimed): the gift the code names, or why it cannot be claimed.
 */
export async function giftClaimState(
  db: Db,
  input: { signedIn: boolean; rawCode: string; claimed: { vouchers: number } | null; problem: string | null },
): Promise<GiftClaimState> {
  const rawCode = input.rawCode.slice(0, 40);
  let problem = input.problem;
  const gift = rawCode !== '' && input.claimed === null ? await retrieveGift(db, rawCode) : null;
  if (rawCode !== '' && input.claimed === null && gift === null && problem === null)
    problem = GIFT_MESSAGES.unknownCode;
  if (gift?.claimed && problem === null) problem = GIFT_MESSAGES.alreadyClaimed;
  if (gift?.cancelled && problem === null) problem = GIFT_MESSAGES.cancelled;
  return { signedIn: input.signedIn, rawCode, gift, claimed: input.claimed, problem };
}
