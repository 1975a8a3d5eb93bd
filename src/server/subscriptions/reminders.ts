/**
 * The renewal reminder (decision 047; DMCC Act 2024 subscription reminders): RENEWAL_REMINDER_DAYS
 * before each renewal the member is told the amount, the date and given a one-click cancel link.
 * Sent by the hourly jobs (clock injected), once per period: the reminder row is unique per
 * (subscription, renewal date) and the mail is queued in the same transaction as the row.
 *
 * The cancel link carries a random 32-byte token; only its SHA-256 is stored (as the account links
 * and email-preference links are kept, decision 009 and 025), with an expiry at the end of the
 * cooling-off after the renewal it announces. A valid token names its subscription, so the link
 * works without signing in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { formatLongDate } from '@/domain/format';
import {
  CANCEL_LINK_DAYS_AFTER_RENEWAL,
  COOLING_OFF_DAYS,
  isFirstFullPricePeriod,
  isReminderDue,
  RENEWAL_REMINDER_DAYS,
} from '@/domain/subscription';
import { users } from '@/server/accounts/schema';
import type { Db, DbOrTx } from '@/server/db';
import { logError } from '@/server/log';
import { enqueueMail } from '@/server/mail';
import { factsOf } from './records';
import { type SubscriptionRow, subscriptionReminders, subscriptions } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The path of the one-click cancel page the reminder links to. */
export const CANCEL_PATH = '/vip/cancel';

export const hashCancelToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The absolute one-click cancel link for a token. */
export function cancelUrl(origin: string, token: string): string {
  return `${origin}${CANCEL_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * What the next renewal will charge. Every period costs the subscription's price today; a free or
 * discounted first period would set a lower current price here, and the reminder says the price rises.
 */
function nextChargeMinor(row: SubscriptionRow): number {
  return row.priceMinor;
}

/** Queues one subscription's reminder, once per renewal; answers whether it was queued now. */
async function remindOne(db: Db, row: SubscriptionRow, now: Date, origin: string): Promise<boolean> {
  const [member] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, row.userId));
  if (member === undefined) return false;
  const token = randomBytes(32).toString('base64url');
  const amountMinor = nextChargeMinor(row);
  return db.transaction(async (tx) => {
    const [reminder] = await tx
      .insert(subscriptionReminders)
      .values({
        subscriptionId: row.id,
        renewalAt: row.currentPeriodEnd,
        amountMinor,
        cancelTokenHash: hashCancelToken(token),
        expiresAt: new Date(row.currentPeriodEnd.getTime() + CANCEL_LINK_DAYS_AFTER_RENEWAL * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: subscriptionReminders.id });
    if (reminder === undefined) return false;
    await enqueueMail(tx, {
      userId: row.userId,
      kind: 'vip_renewal_reminder',
      recipient: member.email,
      subject: `Your Tuppence VIP membership renews on ${formatLongDate(row.currentPeriodEnd)}`,
      template: 'membership',
      data: {
        event: 'reminder',
        firstName: member.firstName,
        amount: { amountMinor, currency: row.currency },
        currentAmount: isFirstFullPricePeriod(row.priceMinor, amountMinor)
          ? { amountMinor: row.priceMinor, currency: row.currency }
          : null,
        renewsOn: row.currentPeriodEnd.toISOString(),
        cancelUrl: cancelUrl(origin, token),
        coolingOffDays: COOLING_OFF_DAYS,
      },
      brand: 'vip',
    });
    return true;
  });
}

/**
 * The reminder job (hourly, `now` injected): every renewing subscription whose renewal is within
 * RENEWAL_REMINDER_DAYS and not yet reminded gets its email. Answers how many were queued.
 */
export async function sendRenewalReminders(db: Db, input: { now: Date; origin: string }): Promise<number> {
  const { now, origin } = input;
  const horizon = new Date(now.getTime() + RENEWAL_REMINDER_DAYS * DAY_MS);
  const candidates = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        isNull(subscriptions.lapsedAt),
        eq(subscriptions.renews, true),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, horizon),
      ),
    );
  let sent = 0;
  for (const row of candidates) {
    if (!isReminderDue(factsOf(row), now)) continue;
    try {
      if (await remindOne(db, row, now, origin)) sent += 1;
    } catch (error) {
      logError('subscriptions', `renewal reminder for subscription ${row.id} failed`, error);
    }
  }
  return sent;
}

/** What a cancel link's token names: its subscription, or why it cannot be used. */
export type CancelToken =
  | { ok: true; subscriptionId: number; userId: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Reads a one-click cancel token (decision 047): unknown or malformed is invalid; past its expiry, expired. */
export async function readCancelToken(db: DbOrTx, token: string, now: Date): Promise<CancelToken> {
  if (token.length < 20 || token.length > 100) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({
      subscriptionId: subscriptionReminders.subscriptionId,
      expiresAt: subscriptionReminders.expiresAt,
      userId: subscriptions.userId,
    })
    .from(subscriptionReminders)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionReminders.subscriptionId))
    .where(eq(subscriptionReminders.cancelTokenHash, hashCancelToken(token)));
  if (row === undefined) return { ok: false, reason: 'invalid' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, subscriptionId: row.subscriptionId, userId: row.userId };
}
