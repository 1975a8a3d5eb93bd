/**
 * The email subscribers service (spec 7 email and email/verify; the email-preferences service of
 * spec 7 "Other services"; docs/decisions/025): sign-up with double opt-in through the
 * outbox, confirmation, preferences and one-click unsubscribe (RFC 8058 List-Unsubscribe), reached
 * by each subscriber's manage link without signing in, or by a signed-in shopper for their own
 * address (docs/decisions/049).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Brand, isBrand } from '@/domain/brands';
import {
  ALL_TOPICS,
  DEFAULT_FREQUENCY,
  type EmailFrequency,
  type EmailTopic,
  isFrequency,
  isTopic,
} from '@/domain/email-preferences';
import { retrievePricedBasket } from '@/server/basket';
import type { Db, DbOrTx } from '@/server/db';
import { enqueueMail, type OutgoingMail, type TemplateData } from '@/server/mail';
import { basketReminders, emailSubscribers, type SubscriberRow } from './schema';

/** A double opt-in link works for 7 days. */
export const VERIFY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** How soon a second sign-up for the same address sends another link. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type { SubscriberRow };

/** The manage links every marketing mail carries. */
export function preferencesUrl(origin: string, manageToken: string): string {
  return `${origin}/email/preferences?token=${encodeURIComponent(manageToken)}`;
}

export function unsubscribeUrl(origin: string, manageToken: string): string {
  return `${origin}/email/unsubscribe?token=${encodeURIComponent(manageToken)}`;
}

/** RFC 2369 / RFC 8058 headers for a marketing mail: the mail client's one-click unsubscribe. */
export function listUnsubscribeHeaders(origin: string, manageToken: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(origin, manageToken)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** A marketing mail to queue: a message (any template, its data with it) and the subscriber's manage token. */
export type MarketingMail = (OutgoingMail extends infer Mail
  ? Mail extends OutgoingMail
    ? Omit<Mail, 'userId' | 'headers' | 'marketing'>
    : never
  : never) & { manageToken: string; origin: string };

/**
 * Queues a marketing mail with its unsubscribe headers (RFC 8058) and the footer's unsubscribe and
 * preferences links, which the email layout draws (decision 042).
 */
export async function enqueueMarketingMail(tx: DbOrTx, mail: MarketingMail): Promise<number> {
  const { manageToken, origin, ...message } = mail;
  return enqueueMail(tx, {
    ...message,
    userId: null,
    headers: listUnsubscribeHeaders(origin, manageToken),
    marketing: {
      unsubscribeUrl: unsubscribeUrl(origin, manageToken),
      preferencesUrl: preferencesUrl(origin, manageToken),
    },
  });
}

export type SignUpResult = 'verification-sent' | 'already-subscribed';

/**
 * spec 7 email: a sign-up. A new or lapsed address gets a double opt-in mail (a fresh link each
 * time; the earlier one stops working); an address already confirmed gets nothing more. One
 * transaction: the row and its mail commit together.
 */
export async function signUp(
  db: Db,
  input: { email: string; source: string; origin: string; now?: Date },
): Promise<SignUpResult> {
  const now = input.now ?? new Date();
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const token = newToken();
    const expires = new Date(now.getTime() + VERIFY_LIFETIME_MS);
    const [existing] = await tx
      .select()
      .from(emailSubscribers)
      .where(sql`lower(${emailSubscribers.email}) = ${email}`)
      .for('update');
    if (existing?.status === 'subscribed') return 'already-subscribed';
    // A link sent in the last two minutes still stands: repeated sign-ups never flood an inbox.
    const sentAt = existing?.verifyExpiresAt ? existing.verifyExpiresAt.getTime() - VERIFY_LIFETIME_MS : null;
    if (sentAt !== null && now.getTime() - sentAt < RESEND_AFTER_MS) return 'verification-sent';
    if (existing === undefined) {
      await tx
        .insert(emailSubscribers)
        .values({
          email,
          source: input.source,
          topics: ALL_TOPICS,
          frequency: DEFAULT_FREQUENCY,
          verifyTokenHash: hashToken(token),
          verifyExpiresAt: expires,
          manageToken: newToken(),
        })
        .onConflictDoNothing();
    } else {
      await tx
        .update(emailSubscribers)
        .set({ verifyTokenHash: hashToken(token), verifyExpiresAt: expires, source: input.source, updatedAt: now })
        .where(eq(emailSubscribers.id, existing.id));
    }
    const link = `${input.origin}/email/verify?email=${encodeURIComponent(email)}&token=${token}`;
    await enqueueMail(tx, {
      userId: null,
      kind: 'email_verify',
      recipient: email,
      subject: 'Confirm your Tuppence deals emails',
      template: 'notice',
      data: {
        preview: 'Confirm your address to start getting Tuppence deals emails.',
        paragraphs: ['Thanks for signing up to Tuppence deals emails.', 'Confirm your address to start getting them.'],
        action: { label: 'Confirm your address', url: link },
        notes: ['The link works for 7 days. If you didn’t ask for this, ignore this email and nothing will be sent.'],
      },
    });
    return 'verification-sent';
  });
}

/** spec 7 email/verify: the double opt-in link. The confirmed subscriber, or null for a bad or used link. */
export async function verifySubscription(
  db: Db,
  input: { email: string; token: string; now?: Date },
): Promise<SubscriberRow | null> {
  const now = input.now ?? new Date();
  if (input.token.length < 20 || input.token.length > 100) return null;
  const [row] = await db
    .update(emailSubscribers)
    .set({
      status: 'subscribed',
      subscribedAt: now,
      unsubscribedAt: null,
      verifyTokenHash: null,
      verifyExpiresAt: null,
      updatedAt: now,
    })
    .where(
      and(
        sql`lower(${emailSubscribers.email}) = ${input.email.toLowerCase()}`,
        eq(emailSubscribers.verifyTokenHash, hashToken(input.token)),
        sql`${emailSubscribers.verifyExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The subscriber a manage link opens, or null. */
export async function subscriberByManageToken(db: Db, token: string): Promise<SubscriberRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db.select().from(emailSubscribers).where(eq(emailSubscribers.manageToken, token));
  return row ?? null;
}

/** The subscriber for an address (a signed-in shopper's own preferences), or null. */
export async function subscriberByEmail(db: Db, email: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .select()
    .from(emailSubscribers)
    .where(sql`lower(${emailSubscribers.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

/** Topics and frequency from a form: known values only. */
export function readPreferences(form: { topics: string[]; frequency: string }): {
  topics: EmailTopic[];
  frequency: EmailFrequency;
} {
  return {
    topics: ALL_TOPICS.filter((topic) => form.topics.includes(topic) && isTopic(topic)),
    frequency: isFrequency(form.frequency) ? form.frequency : DEFAULT_FREQUENCY,
  };
}

/** Saves topics and frequency; choosing again after unsubscribing resubscribes (the link proves the address). */
export async function updatePreferences(
  db: Db,
  token: string,
  choice: { topics: EmailTopic[]; frequency: EmailFrequency },
  now = new Date(),
): Promise<SubscriberRow | null> {
  const [row] = await db
    .update(emailSubscribers)
    .set({
      topics: choice.topics,
      frequency: choice.frequency,
      status: 'subscribed',
      subscribedAt: sql`coalesce(${emailSubscribers.subscribedAt}, ${now.toISOString()}::timestamptz)`,
      unsubscribedAt: null,
      updatedAt: now,
    })
    .where(eq(emailSubscribers.manageToken, token))
    .returning();
  return row ?? null;
}

/**
 * A signed-in shopper's own subscriber row, made when they first change their preferences (the
 * signed-in account proves the address, as a manage link does). Returns the row to change through
 * its manage token, so a shopper and a link holder change preferences the same way.
 */
export async function ensureShopperSubscriber(db: Db, email: string): Promise<SubscriberRow> {
  const address = email.toLowerCase();
  await db
    .insert(emailSubscribers)
    .values({
      email: address,
      source: 'account',
      status: 'unsubscribed',
      topics: [],
      frequency: DEFAULT_FREQUENCY,
      manageToken: newToken(),
    })
    .onConflictDoNothing();
  const row = await subscriberByEmail(db, address);
  if (row === null) throw new Error('email subscriber missing after insert');
  return row;
}

/** One-click unsubscribe from every marketing mail. Idempotent; null for an unknown link. */
export async function unsubscribe(db: Db, token: string, now = new Date()): Promise<SubscriberRow | null> {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .update(emailSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${emailSubscribers.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(emailSubscribers.manageToken, token))
    .returning();
  return row ?? null;
}

/** Whether an address may get marketing mail (confirmed and not unsubscribed). */
export async function isSubscribed(db: Db | DbOrTx, email: string): Promise<SubscriberRow | null> {
  const [row] = await db
    .select()
    .from(emailSubscribers)
    .where(
      and(sql`lower(${emailSubscribers.email}) = ${email.toLowerCase()}`, eq(emailSubscribers.status, 'subscribed')),
    );
  return row ?? null;
}

/** spec 7 basketabandon: a basket left this long (untouched) gets its reminder... */
export const BASKET_IDLE_HOURS = 24;
/** ...unless it has been left longer than this (an old basket is not worth a mail). */
export const BASKET_STALE_DAYS = 7;

/** How many of a basket's lines its reminder shows, with their pictures; the rest are counted. */
export const REMINDER_LINES_SHOWN = 4;

interface IdleBasket {
  basket_id: string;
  email: string;
  first_name: string;
  manage_token: string;
}

/** The reminder's picture of a basket, priced now by the basket service (its one pricing pipeline). */
async function reminderOf(
  db: Db,
  row: IdleBasket,
  origin: string,
): Promise<{ data: TemplateData['basketReminder']; brand: Brand | undefined } | null> {
  const basket = await retrievePricedBasket(db, row.basket_id);
  if (basket === null || basket.lines.length === 0) return null;
  const lines = basket.lines.slice(0, REMINDER_LINES_SHOWN).map((line) => ({
    title: line.headline,
    option: line.productTitle,
    imageUrl: line.imageUrl,
    url: line.dealUrl,
    quantity: line.quantity,
    price: line.isAvailable ? line.lineTotal : null,
    unavailableReason: line.isAvailable ? null : line.unavailableReason,
  }));
  return {
    data: {
      firstName: row.first_name,
      lines,
      moreLines: basket.lines.length - lines.length,
      total: basket.total,
      basketUrl: `${origin}/checkout`,
    },
    brand: isBrand(basket.brand) ? basket.brand : undefined,
  };
}

/**
 * spec 7 basketabandon (docs/decisions/025): one reminder per abandoned basket, only to shoppers
 * who consented to marketing mail (a confirmed, not unsubscribed, email subscription). A basket is
 * abandoned when it is open, has lines, belongs to a signed-in customer and has not changed for
 * BASKET_IDLE_HOURS. Each reminder's row and mail commit together; the row's key makes it once per
 * basket, even when two runs overlap. Returns how many were queued.
 */
export async function remindAbandonedBaskets(
  db: Db,
  options: { now: Date; origin: string; limit?: number },
): Promise<number> {
  const idleBefore = new Date(options.now.getTime() - BASKET_IDLE_HOURS * 60 * 60 * 1000).toISOString();
  const staleBefore = new Date(options.now.getTime() - BASKET_STALE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const found = await db.execute(sql`
    select b.id as basket_id, u.email, u.first_name, s.manage_token
    from baskets b
    join users u on u.customer_token = b.customer_token and u.anonymized_at is null
    join email_subscribers s on lower(s.email) = lower(u.email) and s.status = 'subscribed'
    where b.status = 'open'
      and b.updated_at < ${idleBefore}::timestamptz
      and b.updated_at > ${staleBefore}::timestamptz
      and exists (select 1 from basket_lines l where l.basket_id = b.id)
      and not exists (select 1 from basket_reminders r where r.basket_id = b.id)
    order by b.updated_at
    limit ${options.limit ?? 100}`);
  const rows = (found as unknown as { rows: IdleBasket[] }).rows;
  let queued = 0;
  for (const row of rows) {
    const reminder = await reminderOf(db, row, options.origin);
    if (reminder === null) continue;
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(basketReminders)
        .values({ basketId: row.basket_id, recipient: row.email })
        .onConflictDoNothing()
        .returning({ basketId: basketReminders.basketId });
      if (claimed === undefined) return false;
      await enqueueMarketingMail(tx, {
        recipient: row.email,
        kind: 'basket_abandon',
        subject: 'You left something in your basket',
        template: 'basketReminder',
        data: reminder.data,
        brand: reminder.brand,
        manageToken: row.manage_token,
        origin: options.origin,
      });
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
