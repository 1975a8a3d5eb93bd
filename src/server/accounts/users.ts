/**
 * Shoppers' accounts: register, express-register, sign in, profile, password change and
 * activation, anonymise. Emails go through the outbox in the same transaction.
 *
 * Registering never tells a stranger whether the email had an account (docs/decisions/017). A new
 * registration waits for its emailed confirmation before its password works; an existing one
 * gets an email instead (a set-your-password link for an account made at checkout).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AccountStatus, ProfileInput, RegisterInput, UserProfile } from '@/contracts/account';
import { AccountError } from '@/domain/errors';
import type { Db, DbOrTx } from '@/server/db';
import { EVENTS, handleEventsQuietly, recordEvent } from '@/server/events';
import { enqueueMail, forgetRecipient, type OutgoingMail } from '@/server/mail';
import { knownDeviceId } from './devices';
import { endOutstandingLinks, queueLink } from './links';
import { accountTokens, type UserRow, users } from './schema';
import { hashPassword, newToken, verifyPassword } from './secrets';
import type { LoginThrottle } from './throttle';

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;
const isActive = isNull(users.anonymizedAt);

/** A Postgres unique violation (23505) on either engine. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error || (e !== null && typeof e === 'object'); ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
    if (e === undefined) break;
  }
  return false;
}

/** The active account with this email, or null. */
export async function retrieveUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(byEmail(email), isActive))
    .limit(1);
  return user ?? null;
}

/** The active account with this id, or null (anonymised accounts are gone for sign-in). */
export async function retrieveUser(db: Db, id: number): Promise<UserRow | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isActive))
    .limit(1);
  return user ?? null;
}

/** spec 7 GET user: what the header and islands may know. Never the password hash. */
export function toProfile(user: UserRow): UserProfile {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    vipUser: user.isVip,
    customerToken: user.customerToken,
  };
}

/**
 * Whether the account's password signs in: set and confirmed. A registration's password waits
 * for its emailed confirmation, so a stranger's registration never works by itself.
 */
export function hasUsablePassword(user: Pick<UserRow, 'passwordHash' | 'isRegistered'> | null): boolean {
  return user !== null && user.passwordHash !== null && user.isRegistered;
}

/** Whether someone can sign in to this account (a password or a third-party login): a guest may not buy into it. */
export function canSignIn(user: UserRow | null): boolean {
  return hasUsablePassword(user) || (user?.isThirdPartyLogin ?? false);
}

/** spec 3 user status of the signed-in user: hasPassword, isLocked, isRegistered, tpl. */
export function toAccountStatus(user: UserRow | null): AccountStatus {
  return {
    hasPassword: hasUsablePassword(user),
    isLocked: user?.isLocked ?? false,
    isRegistered: user?.isRegistered ?? false,
    tpl: user?.isThirdPartyLogin ?? false,
  };
}

/**
 * The status a stranger (guest checkout) may learn about an email, after a throttled check:
 * only whether it must sign in (a password or a third-party login). An unknown email, an
 * account made at checkout and an unconfirmed registration read alike; a lock is never told.
 */
export function toGuestAccountStatus(user: UserRow | null): AccountStatus {
  const hasPassword = hasUsablePassword(user);
  const tpl = user?.isThirdPartyLogin ?? false;
  return { hasPassword, isLocked: false, isRegistered: hasPassword || tpl, tpl };
}

/** What /register tells the owner of an email that already has an account (never the requester). */
function alreadyRegisteredMail(user: UserRow, origin: string): OutgoingMail {
  const lead =
    'Someone (hopefully you) tried to create a Tuppence account with this email, which already has one. Nothing has changed.';
  return {
    userId: user.id,
    kind: 'register_existing',
    recipient: user.email,
    subject: 'Someone tried to create a Tuppence account with your email',
    template: 'notice',
    data: {
      preview: lead,
      greeting: `Hi ${user.firstName || 'there'},`,
      paragraphs: [lead],
      action: { label: 'Sign in', url: `${origin}/login` },
      notes: [`Forgotten your password? ${origin}/forgot-password`, 'If it was not you, you can ignore this email.'],
    },
  };
}

/**
 * spec 7 register, answered the same whatever the email (docs/decisions/017): a new email gets an
 * account whose password works once the emailed confirmation link is used; an email with a
 * password or third-party login gets a note that someone tried; an account made at checkout
 * (or a registration never confirmed) gets a set-your-password link, so a guest order never
 * blocks the owner's registration.
 */
export async function registerUser(db: Db, input: RegisterInput, origin: string): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const attempt = () =>
    db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(users)
        .where(and(byEmail(input.email), isActive))
        .limit(1);
      if (existing === undefined) {
        const [user] = await tx
          .insert(users)
          .values({
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            customerToken: newToken(),
            isRegistered: false,
          })
          .returning();
        if (user === undefined) throw new Error('users insert returned nothing');
        await queueLink(tx, user, { purpose: 'confirm_email', origin });
      } else if (canSignIn(existing)) {
        await enqueueMail(tx, alreadyRegisteredMail(existing, origin));
      } else {
        await queueLink(tx, existing, { purpose: 'set_password', origin });
      }
    });
  try {
    await attempt();
  } catch (error) {
    // Two registrations of one new email at once: the second finds the first's account.
    if (!isUniqueViolation(error)) throw error;
    await attempt();
  }
}

/** spec 7 express-register (guest checkout): an account by email only, or the existing one. */
export async function expressRegisterUser(db: Db, email: string): Promise<{ user: UserRow; isNew: boolean }> {
  const existing = await retrieveUserByEmail(db, email);
  if (existing !== null) return { user: existing, isNew: false };
  try {
    const [user] = await db.insert(users).values({ email, customerToken: newToken() }).returning();
    if (user === undefined) throw new Error('users insert returned nothing');
    return { user, isNew: true };
  } catch (error) {
    const raced = isUniqueViolation(error) ? await retrieveUserByEmail(db, email) : null;
    if (raced !== null) return { user: raced, isNew: false };
    throw error;
  }
}

/**
 * Checks an email and password (docs/decisions/017): throttled per account-and-IP pair (or per
 * known device) with backoff, per account across IPs and per IP across accounts; nothing a stranger
 * does locks the account. A wrong email and a wrong password fail alike (signInRefused).
 */
export async function authenticateUser(
  db: Db,
  throttle: LoginThrottle,
  attempt: { email: string; password: string; ip: string; deviceCookie?: string },
): Promise<UserRow> {
  const email = attempt.email.toLowerCase();
  const user = await retrieveUserByEmail(db, email);
  const device = user === null ? null : await knownDeviceId(db, user.id, attempt.deviceCookie);
  const key = { email, ip: attempt.ip, device };
  const wait = await throttle.retryAfter(key);
  if (wait > 0) throw new AccountError('throttled', wait);
  if (user?.isLocked) throw new AccountError('locked');
  const matches = await verifyPassword(hasUsablePassword(user) ? (user?.passwordHash ?? null) : null, attempt.password);
  if (user !== null && matches) {
    await throttle.recordSuccess(key);
    return user;
  }
  await throttle.recordFailure(key);
  throw new AccountError('signInRefused');
}

/** spec 7 PUT user: names and email. */
export async function updateProfile(db: Db, userId: number, input: ProfileInput): Promise<UserRow> {
  try {
    const [user] = await db
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, email: input.email, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isActive))
      .returning();
    if (user === undefined) throw new AccountError('notSignedIn');
    return user;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountError('emailTaken');
    throw error;
  }
}

/** The notices a new password sends: changed (signed in), activated (first password), reset (by link). */
export type PasswordNoticeKind = 'password_changed' | 'password_activated' | 'password_reset_done';

/**
 * In a transaction: a new password (confirmed, unlocked), every other session ended (epoch bump),
 * every outstanding emailed link ended and a notice email queued.
 */
export async function writePassword(
  tx: DbOrTx,
  user: UserRow,
  passwordHash: string,
  kind: PasswordNoticeKind,
): Promise<UserRow> {
  const [updated] = await tx
    .update(users)
    .set({
      passwordHash,
      isLocked: false,
      isRegistered: true,
      sessionEpoch: sql`${users.sessionEpoch} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id))
    .returning();
  if (updated === undefined) throw new AccountError('notSignedIn');
  await endOutstandingLinks(tx, user.id);
  await enqueueMail(tx, {
    userId: user.id,
    kind,
    recipient: user.email,
    subject: 'Your Tuppence password has changed',
    template: 'notice',
    data: {
      preview: 'The password for your Tuppence account was just changed.',
      greeting: `Hi ${user.firstName || 'there'},`,
      paragraphs: ['The password for your Tuppence account was just changed.'],
      notes: ['If this was not you, reset it now from the sign-in page.'],
    },
  });
  return updated;
}

async function storePassword(db: Db, user: UserRow, password: string, kind: PasswordNoticeKind): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction((tx) => writePassword(tx, user, passwordHash, kind));
}

/** spec 7 PATCH password (passwordChange): the old password must match. */
export async function changePassword(
  db: Db,
  userId: number,
  change: { oldPassword: string; newPassword: string },
): Promise<UserRow> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  const current = hasUsablePassword(user) ? user.passwordHash : null;
  if (!(await verifyPassword(current, change.oldPassword))) throw new AccountError('wrongCurrentPassword');
  return storePassword(db, user, change.newPassword, 'password_changed');
}

/** spec 7 password_activate: the first password of an account made at checkout. */
export async function activatePassword(db: Db, userId: number, newPassword: string): Promise<UserRow> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  if (hasUsablePassword(user)) throw new AccountError('passwordAlreadySet');
  return storePassword(db, user, newPassword, 'password_activated');
}

/**
 * spec 7 anonymize: deleting an account blanks the person's name and email and ends sign-in, but
 * keeps the users row (and every row that points at it, such as orders) for accounting. The mail
 * sent to them keeps no address or body. What the person left in other services (saved cards and
 * their vault entries) goes through the `account.deleted` event after commit.
 * Returns the email the account had, for the delete-email cookie.
 */
export async function anonymizeUser(db: Db, userId: number, password: string): Promise<string> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  if (hasUsablePassword(user) && !(await verifyPassword(user.passwordHash, password))) {
    throw new AccountError('wrongCurrentPassword');
  }
  const placeholder = `deleted-${user.id}@anonymized.invalid`;
  const eventIds = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: placeholder,
        firstName: '',
        lastName: '',
        passwordHash: null,
        customerToken: `anon-${newToken()}`,
        isVip: false,
        isRegistered: false,
        isSubscribed: false,
        isThirdPartyLogin: false,
        isFacebook: false,
        sessionEpoch: sql`${users.sessionEpoch} + 1`,
        anonymizedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await forgetRecipient(tx, user.id, placeholder);
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    return recordEvent(tx, EVENTS.accountDeleted, user.id, { userId: user.id });
  });
  await handleEventsQuietly(db, eventIds);
  return user.email;
}
