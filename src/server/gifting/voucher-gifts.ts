/**
 * spec 4 redemption event key gifting (docs/decisions/026): a bought voucher sent to a friend from
 * the voucher page, through the e-gift claim flow (a gift code the friend claims at /mygift).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import { eGiftProblems, ukDay } from '@/domain/gifting';
import { users } from '@/server/accounts/schema';
import type { Db } from '@/server/db';
import { vouchers } from '@/server/vouchers/schema';
import { GIFT_MESSAGES, mailGift, newCode } from './mail';
import { gifts } from './schema';

/**
 * spec 4 redemption event key gifting: sends one of the shopper's bought, Ready to Redeem
 * vouchers to a friend by email, through the e-gift claim flow: in one transaction (the voucher row
 * locked) a gift of that voucher alone with its code, and its email in the outbox, sent now. The
 * voucher stays the sender's until the friend claims it at /mygift.
 */
export async function giftVoucher(
  db: Db,
  input: {
    voucherId: number;
    userId: number;
    recipientName: string;
    recipientEmail: string;
    message: string;
    origin: string;
    now: Date;
  },
): Promise<{ recipientName: string }> {
  const today = ukDay(input.now);
  const details = {
    recipientName: input.recipientName.trim(),
    recipientEmail: input.recipientEmail.trim().toLowerCase(),
    message: input.message.trim(),
    sendOn: today,
  };
  const problems = Object.values(eGiftProblems(details, today));
  if (problems.length > 0) throw new Invalid(problems.join('. '));
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select({
        id: vouchers.id,
        userId: vouchers.userId,
        orderId: vouchers.orderId,
        orderLineId: vouchers.orderLineId,
        status: vouchers.status,
        expiresAt: vouchers.expiresAt,
      })
      .from(vouchers)
      .where(eq(vouchers.id, input.voucherId))
      .for('update');
    if (voucher === undefined || voucher.userId !== input.userId) throw new NotFound(GIFT_MESSAGES.notYourVoucher);
    if (voucher.status !== 'ready' || voucher.expiresAt.getTime() <= input.now.getTime()) {
      throw new Conflict(GIFT_MESSAGES.voucherNotGiftable);
    }
    const [sender] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    if (sender?.email.toLowerCase() === details.recipientEmail) throw new Invalid(GIFT_MESSAGES.giftToSelf);
    // Waiting already: sent from this page, or its line e-gifted at checkout and not yet claimed.
    const [waiting] = await tx
      .select({ id: gifts.id })
      .from(gifts)
      .where(
        and(
          isNull(gifts.claimedAt),
          sql`(${gifts.voucherId} = ${voucher.id} or (${gifts.voucherId} is null and ${gifts.orderLineId} = ${voucher.orderLineId} and ${gifts.senderUserId} = ${input.userId}))`,
        ),
      )
      .limit(1);
    if (waiting !== undefined) throw new Conflict(GIFT_MESSAGES.voucherAlreadyGifted);
    const [gift] = await tx
      .insert(gifts)
      .values({
        orderId: voucher.orderId,
        orderLineId: voucher.orderLineId,
        voucherId: voucher.id,
        senderUserId: input.userId,
        code: newCode('GIFT'),
        ...details,
      })
      .returning({ id: gifts.id });
    if (gift === undefined) throw new Error('gifts insert returned nothing');
    await mailGift(tx, gift.id, input.origin, input.now);
    return { recipientName: details.recipientName };
  });
}

/** The vouchers of these that are on their way to someone as a gift (sent, not yet claimed), by voucher id. */
export async function listWaitingVoucherGifts(
  db: Db,
  voucherIds: readonly number[],
): Promise<Map<number, { recipientName: string; sentOn: string }>> {
  const waiting = new Map<number, { recipientName: string; sentOn: string }>();
  if (voucherIds.length === 0) return waiting;
  const rows = await db
    .select({ voucherId: gifts.voucherId, recipientName: gifts.recipientName, sentOn: gifts.sendOn })
    .from(gifts)
    .where(and(inArray(gifts.voucherId, [...voucherIds]), isNull(gifts.claimedAt)));
  for (const row of rows) {
    if (row.voucherId !== null) waiting.set(row.voucherId, { recipientName: row.recipientName, sentOn: row.sentOn });
  }
  return waiting;
}
