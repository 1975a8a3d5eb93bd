/**
 * Refer a friend (docs/decisions/021; spec 1: referral credit is 10 pounds and both parties can get
 * up to 200 pounds; spec 4: awarded after the 14-day refund window). A shopper's personal link
 * carries their code; the friend's browser keeps it in the referral cookie until they sign in or
 * buy as a guest, when the friend is attached to the referrer (never to themselves, never after a
 * first order). The friend's first order writes pending grants for both (a subscriber of
 * `order.placed`); the hourly job pays them once due, unless the order was refunded, never past the
 * 200-pound cap.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { REFERRAL_CAP_MINOR, REFERRAL_CREDIT_MINOR, referralCreditAmount, referralCreditDueAt } from '@/domain/credit';
import { walletCreditExpiry } from '@/domain/wallet';
import type { Db } from '@/server/db';
import { orders } from '@/server/orders/schema';
import { vouchers } from '@/server/vouchers/schema';
import { creditWallet } from '@/server/wallet';
import { creditGrants, referralCodes, referralEvents, referrals } from './schema';

/** A referral code: 8 letters and digits without look-alikes (0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** spec 9 shape of a referral code as links carry it. */
export function isReferralCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Z0-9]{8}$/.test(value);
}

/** The shopper's personal code, made the first time. */
export async function referralCodeFor(db: Db, userId: number): Promise<string> {
  const [existing] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
  if (existing !== undefined) return existing.code;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [made] = await db
      .insert(referralCodes)
      .values({ userId, code: newCode() })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (made !== undefined) return made.code;
    const [raced] = await db.select().from(referralCodes).where(eq(referralCodes.userId, userId));
    if (raced !== undefined) return raced.code;
  }
  throw new Error('could not make a referral code');
}

async function referrerOf(db: Db, code: string): Promise<number | null> {
  if (!isReferralCode(code)) return null;
  const [row] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .where(eq(referralCodes.code, code));
  return row?.userId ?? null;
}

export type AttachOutcome = 'attached' | 'unknownCode' | 'selfReferral' | 'alreadyCustomer' | 'alreadyReferred';

/** Attaches a friend to the owner of `code` (from the referral cookie), before the friend's first order. */
export async function attachReferral(db: Db, input: { code: string; friendUserId: number }): Promise<AttachOutcome> {
  const referrer = await referrerOf(db, input.code);
  if (referrer === null) return 'unknownCode';
  if (referrer === input.friendUserId) return 'selfReferral';
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, input.friendUserId));
  if (Number(placed?.n ?? 0) > 0) return 'alreadyCustomer';
  const [row] = await db
    .insert(referrals)
    .values({ referrerUserId: referrer, friendUserId: input.friendUserId })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return row === undefined ? 'alreadyReferred' : 'attached';
}

/** spec 7 user/raf/stat/share and user/raf/stat/open. An open names the code it came through. */
export async function recordReferralEvent(
  db: Db,
  input: { kind: 'share' | 'open'; channel: string } & ({ userId: number } | { code: string }),
): Promise<boolean> {
  const referrer = 'userId' in input ? input.userId : await referrerOf(db, input.code);
  if (referrer === null) return false;
  await db.insert(referralEvents).values({ referrerUserId: referrer, kind: input.kind, channel: input.channel });
  return true;
}

/** Which of these shoppers were referred by a friend, in one statement (docs/decisions/075). */
export async function referredAmong(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ friendUserId: referrals.friendUserId })
    .from(referrals)
    .where(inArray(referrals.friendUserId, [...new Set(userIds)]));
  return new Set(rows.map((row) => row.friendUserId));
}

/**
 * Run by the `referral-reward` subscriber of `order.placed`: a referred friend's first order owes
 * both of them referral credit once the refund window has passed. Written as pending grants (once
 * per order and shopper).
 */
export async function recordReferralReward(db: Db, orderId: number, buyerId?: number): Promise<number> {
  // The buyer (the event names them, docs/decisions/072) is looked up as a referred friend first: most
  // buyers were not referred, and then the order itself is never read.
  if (buyerId !== undefined) {
    const [referred] = await db
      .select({ id: referrals.id })
      .from(referrals)
      .where(eq(referrals.friendUserId, buyerId))
      .limit(1);
    if (referred === undefined) return 0;
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (order === undefined) return 0;
  const [referral] = await db.select().from(referrals).where(eq(referrals.friendUserId, order.userId));
  if (referral === undefined || referral.referrerUserId === order.userId) return 0;
  // Only the friend's first purchase counts.
  const [earlier] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), sql`${orders.id} < ${order.id}`));
  if (Number(earlier?.n ?? 0) > 0) return 0;
  const dueAt = referralCreditDueAt(order.createdAt);
  const rows = await db
    .insert(creditGrants)
    .values(
      [
        { userId: referral.referrerUserId, note: 'Referral credit: a friend you invited made their first purchase' },
        { userId: order.userId, note: 'Referral credit: your first purchase with a friend’s invitation' },
      ].map((who) => ({
        kind: 'referral' as const,
        userId: who.userId,
        orderId: order.id,
        amountMinor: REFERRAL_CREDIT_MINOR,
        currency: 'GBP' as const,
        status: 'pending' as const,
        dueAt,
        note: who.note,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: creditGrants.id });
  return rows.length;
}

async function wasRefunded(db: Parameters<Parameters<Db['transaction']>[0]>[0], orderId: number): Promise<boolean> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order === undefined || order.status === 'refunded') return true;
  const [refunded] = await db
    .select({ n: count() })
    .from(vouchers)
    .where(and(eq(vouchers.orderId, orderId), eq(vouchers.status, 'refunded')));
  return Number(refunded?.n ?? 0) > 0;
}

/**
 * The scheduled job (hourly, with the injected clock): pays every pending grant due by `now`, or
 * cancels it when its order was refunded or the shopper has reached the 200-pound referral cap.
 * Each grant is its own transaction, its row locked, so two runs never pay one grant twice.
 */
export async function grantDueCredit(db: Db, now: Date): Promise<{ granted: number; cancelled: number }> {
  const due = await db
    .select({ id: creditGrants.id })
    .from(creditGrants)
    .where(and(eq(creditGrants.status, 'pending'), lte(creditGrants.dueAt, now)))
    .limit(500);
  let granted = 0;
  let cancelled = 0;
  for (const { id } of due) {
    const outcome = await db.transaction(async (tx) => {
      const [grant] = await tx.select().from(creditGrants).where(eq(creditGrants.id, id)).for('update');
      if (grant === undefined || grant.status !== 'pending') return 'skipped';
      const cancel = async (note: string) => {
        await tx
          .update(creditGrants)
          .set({ status: 'cancelled', note: `${grant.note} (${note})` })
          .where(eq(creditGrants.id, id));
        return 'cancelled' as const;
      };
      if (grant.orderId !== null && (await wasRefunded(tx, grant.orderId))) return cancel('order refunded');
      let amountMinor = grant.amountMinor;
      if (grant.kind === 'referral') {
        const [earned] = await tx
          .select({ total: sql<string>`coalesce(sum(${creditGrants.amountMinor}), 0)` })
          .from(creditGrants)
          .where(
            and(
              eq(creditGrants.userId, grant.userId),
              eq(creditGrants.kind, 'referral'),
              eq(creditGrants.status, 'granted'),
            ),
          );
        amountMinor = Math.min(grant.amountMinor, referralCreditAmount(Number(earned?.total ?? 0)));
        if (amountMinor === 0) return cancel(`the £${REFERRAL_CAP_MINOR / 100} referral limit is reached`);
      }
      const entry = await creditWallet(tx, {
        userId: grant.userId,
        currency: grant.currency,
        kind: 'marketing',
        amountMinor,
        expiresAt: walletCreditExpiry(now),
        description: grant.note,
        orderId: grant.orderId,
      });
      await tx
        .update(creditGrants)
        .set({ status: 'granted', amountMinor, walletEntryId: entry.id, grantedAt: now })
        .where(eq(creditGrants.id, id));
      return 'granted' as const;
    });
    if (outcome === 'granted') granted += 1;
    if (outcome === 'cancelled') cancelled += 1;
  }
  return { granted, cancelled };
}

/** What the refer-a-friend page shows. */
export interface ReferralSummary {
  code: string;
  shares: number;
  opens: number;
  friendsReferred: number;
  earnedMinor: number;
  pendingMinor: number;
  capMinor: number;
}

export async function retrieveReferralSummary(db: Db, userId: number): Promise<ReferralSummary> {
  const code = await referralCodeFor(db, userId);
  const events = await db
    .select({ kind: referralEvents.kind, n: count() })
    .from(referralEvents)
    .where(eq(referralEvents.referrerUserId, userId))
    .groupBy(referralEvents.kind);
  const [friends] = await db.select({ n: count() }).from(referrals).where(eq(referrals.referrerUserId, userId));
  const grants = await db
    .select({ status: creditGrants.status, total: sql<string>`coalesce(sum(${creditGrants.amountMinor}), 0)` })
    .from(creditGrants)
    .where(and(eq(creditGrants.userId, userId), eq(creditGrants.kind, 'referral')))
    .groupBy(creditGrants.status);
  const sumOf = (status: string) => Number(grants.find((g) => g.status === status)?.total ?? 0);
  const earnedMinor = sumOf('granted');
  return {
    code,
    shares: Number(events.find((e) => e.kind === 'share')?.n ?? 0),
    opens: Number(events.find((e) => e.kind === 'open')?.n ?? 0),
    friendsReferred: Number(friends?.n ?? 0),
    earnedMinor,
    pendingMinor: Math.min(sumOf('pending'), Math.max(0, REFERRAL_CAP_MINOR - earnedMinor)),
    capMinor: REFERRAL_CAP_MINOR,
  };
}
