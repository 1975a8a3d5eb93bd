/**
 * spec 4 redemption event key gifting (docs/decisions/026): a bought voucher sent to a friend from
 * the voucher page, through the e-gift claim flow (a gift code the friend claims at /mygift).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { Conflict, Invalid, NotFound } from '@/domain/errors';
import { londonDay } from '@/domain/format';
import { eGiftProblems } from '@/domain/gifting';
import { users } from '@/server/accounts/schema';
import type { Db, DbOrTx } from '@/server/db';
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
  const today = londonDay(input.now);
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
          isNull(gifts.cancelledAt),
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

/**
 * The vouchers of these that are on their way to someone as a gift (sent from the voucher page, or
 * their line e-gifted at checkout; not yet claimed, not cancelled), by voucher id.
 */
export async function listWaitingVoucherGifts(
  db: Db,
  voucherIds: readonly number[],
): Promise<Map<number, { recipientName: string; sentOn: string }>> {
  const waiting = new Map<number, { recipientName: string; sentOn: string }>();
  if (voucherIds.length === 0) return waiting;
  const rows = await db
    .select({ voucherId: vouchers.id, recipientName: gifts.recipientName, sentOn: gifts.sendOn })
    .from(vouchers)
    .innerJoin(
      gifts,
      or(
        eq(gifts.voucherId, vouchers.id),
        and(
          isNull(gifts.voucherId),
          eq(gifts.orderLineId, vouchers.orderLineId),
          eq(gifts.senderUserId, vouchers.userId),
        ),
      ),
    )
    .where(and(inArray(vouchers.id, [...voucherIds]), isNull(gifts.claimedAt), isNull(gifts.cancelledAt)));
  for (const row of rows) waiting.set(row.voucherId, { recipientName: row.recipientName, sentOn: row.sentOn });
  return waiting;
}

/** The gift a voucher waits in (sent from the voucher page, or its line e-gifted at checkout): not claimed, not cancelled. */
function waitingGiftOf(voucher: { id: number; orderLineId: number; userId: number }) {
  return and(
    isNull(gifts.claimedAt),
    isNull(gifts.cancelledAt),
    or(
      eq(gifts.voucherId, voucher.id),
      and(isNull(gifts.voucherId), eq(gifts.orderLineId, voucher.orderLineId), eq(gifts.senderUserId, voucher.userId)),
    ),
  );
}

/**
 * The gift this voucher is waiting in to be claimed, or null (docs/decisions/048: such a voucher is
 * not refunded until its sender cancels the gift).
 */
export async function retrieveWaitingGift(
  db: DbOrTx,
  voucher: { id: number; orderLineId: number; userId: number },
): Promise<{ id: number; recipientName: string } | null> {
  const [row] = await db
    .select({ id: gifts.id, recipientName: gifts.recipientName })
    .from(gifts)
    .where(waitingGiftOf(voucher))
    .limit(1);
  return row ?? null;
}

/**
 * The sender takes back a gift not yet claimed (docs/decisions/048), named by one of its vouchers: in
 * one transaction (the gift row locked) it is marked cancelled, so its code no longer claims and a
 * scheduled email is not sent. The vouchers stay the sender's, to use, refund or send again.
 */
export async function cancelGift(
  db: Db,
  input: { voucherId: number; userId: number; now: Date },
): Promise<{ recipientName: string }> {
  return db.transaction(async (tx) => {
    const [voucher] = await tx
      .select({ id: vouchers.id, orderLineId: vouchers.orderLineId, userId: vouchers.userId })
      .from(vouchers)
      .where(eq(vouchers.id, input.voucherId));
    if (voucher === undefined || voucher.userId !== input.userId) throw new NotFound(GIFT_MESSAGES.notYourVoucher);
    const [gift] = await tx
      .select({ id: gifts.id, recipientName: gifts.recipientName })
      .from(gifts)
      .where(waitingGiftOf(voucher))
      .limit(1)
      .for('update');
    if (gift === undefined) throw new Conflict(GIFT_MESSAGES.notCancellable);
    const cancelled = await tx
      .update(gifts)
      .set({ cancelledAt: input.now })
      .where(and(eq(gifts.id, gift.id), isNull(gifts.claimedAt), isNull(gifts.cancelledAt)))
      .returning({ id: gifts.id });
    if (cancelled.length === 0) throw new Conflict(GIFT_MESSAGES.notCancellable);
    return { recipientName: gift.recipientName };
  });
}
