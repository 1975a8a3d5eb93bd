/**
 * Shoppers' accounts: register, express-register, sign in, profile, password change and
 * activation, anonymise. Emails go through the outbox in the same transaction.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AccountStatus, ProfileInput, RegisterInput, UserProfile } from '../../contracts/account';
import type { Db } from '../db';
import { accountTokens, outbox, type UserRow, users } from '../db/schema';
import { forgetInstruments, releaseForgottenInstruments } from '../instruments';
import { enqueueMail } from '../mail';
import { AccountError } from './errors';
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

/** spec 3 user status: hasPassword, isLocked, isRegistered, tpl (all false for an unknown email). */
export function toAccountStatus(user: UserRow | null): AccountStatus {
  return {
    hasPassword: user?.passwordHash != null,
    isLocked: user?.isLocked ?? false,
    isRegistered: user?.isRegistered ?? false,
    tpl: user?.isThirdPartyLogin ?? false,
  };
}

/** spec 7 register: a registered account with a password; a welcome email is queued with it. */
export async function registerUser(db: Db, input: RegisterInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          customerToken: newToken(),
          isRegistered: true,
        })
        .returning();
      if (user === undefined) throw new Error('users insert returned nothing');
      await enqueueMail(tx, {
        userId: user.id,
        kind: 'welcome',
        recipient: user.email,
        subject: 'Welcome to Tuppence',
        body: `Hi ${user.firstName},\n\nYour Tuppence account is ready. Happy deal hunting!\n`,
      });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountError('emailTaken');
    throw error;
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
 * Checks an email and password. Throttled per account and per IP; the account's last allowed
 * failure locks it. A wrong email and a wrong password fail alike (signInRefused).
 */
export async function authenticateUser(
  db: Db,
  throttle: LoginThrottle,
  attempt: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const email = attempt.email.toLowerCase();
  const wait = await throttle.retryAfter(email, attempt.ip);
  if (wait > 0) throw new AccountError('throttled', wait);
  const user = await retrieveUserByEmail(db, email);
  if (user?.isLocked) throw new AccountError('locked');
  const matches = await verifyPassword(user?.passwordHash ?? null, attempt.password);
  if (user !== null && matches) {
    await throttle.clear(email);
    return user;
  }
  const isNowLocked = await throttle.recordFailure(email, attempt.ip);
  if (isNowLocked) {
    if (user !== null)
      await db.update(users).set({ isLocked: true, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    throw new AccountError('locked');
  }
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

/** Sets a new password and ends every other session (epoch bump); a notice email is queued. */
async function storePassword(db: Db, user: UserRow, password: string, kind: string): Promise<UserRow> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
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
    await enqueueMail(tx, {
      userId: user.id,
      kind,
      recipient: user.email,
      subject: 'Your Tuppence password has changed',
      body: `Hi ${user.firstName || 'there'},\n\nThe password for your Tuppence account was just changed. If this was not you, reset it now from the sign-in page.\n`,
    });
    return updated;
  });
}

/** spec 7 PATCH password (passwordChange): the old password must match. */
export async function changePassword(
  db: Db,
  userId: number,
  change: { oldPassword: string; newPassword: string },
): Promise<UserRow> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  if (!(await verifyPassword(user.passwordHash, change.oldPassword))) throw new AccountError('wrongCurrentPassword');
  return storePassword(db, user, change.newPassword, 'password_changed');
}

/** spec 7 password_activate: the first password of an account made at checkout. */
export async function activatePassword(db: Db, userId: number, newPassword: string): Promise<UserRow> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  if (user.passwordHash !== null) throw new AccountError('passwordAlreadySet');
  return storePassword(db, user, newPassword, 'password_activated');
}

/** Used by a password reset (tokens.ts): set the password, lift the lock, forget the failures. */
export async function resetUserPassword(
  db: Db,
  throttle: LoginThrottle,
  user: UserRow,
  password: string,
): Promise<UserRow> {
  const updated = await storePassword(db, user, password, 'password_reset_done');
  await throttle.clear(user.email.toLowerCase());
  return updated;
}

/**
 * spec 7 anonymize: deleting an account blanks the person's name and email and ends sign-in, but
 * keeps the users row (and every row that points at it, such as orders) for accounting. Saved
 * payment instruments are removed, and deleted from the gateway's vault.
 * Returns the email the account had, for the delete-email cookie.
 */
export async function anonymizeUser(db: Db, userId: number, password: string): Promise<string> {
  const user = await retrieveUser(db, userId);
  if (user === null) throw new AccountError('notSignedIn');
  if (user.passwordHash !== null && !(await verifyPassword(user.passwordHash, password))) {
    throw new AccountError('wrongCurrentPassword');
  }
  const placeholder = `deleted-${user.id}@anonymized.invalid`;
  const forgotten = await db.transaction(async (tx) => {
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
        sessionEpoch: sql`${users.sessionEpoch} + 1`,
        anonymizedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));
    await tx.update(outbox).set({ recipient: placeholder, body: '' }).where(eq(outbox.userId, user.id));
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)));
    // Saved cards and PayPal accounts go with the account (and from the gateway's vault below).
    return forgetInstruments(tx, user.id);
  });
  await releaseForgottenInstruments(db, forgotten);
  return user.email;
}
