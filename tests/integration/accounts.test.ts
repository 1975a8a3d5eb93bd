/**
 * The accounts service (decision 009) on embedded PGlite: register, sign in with one generic refusal,
 * single-use reset links through the outbox, and deletion that blanks the person but keeps rows that point at
 * them. Decision 017: throttling that never locks the owner out, one used link ends the others, and
 * registration that tells nobody whether the email had an account.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_FAILURE_LIMIT,
  AccountError,
  activatePassword,
  anonymizeUser,
  authenticateUser,
  canSignIn,
  changePassword,
  consumeSignInToken,
  createLoginThrottle,
  expressRegisterUser,
  isLinkUsable,
  knownDeviceId,
  registerUser,
  rememberDevice,
  requestEmailLink,
  resetPassword,
  retrieveUserByEmail,
  toAccountStatus,
} from '../../src/server/accounts';
import type { Database } from '../../src/server/db/client';
import { outbox, type UserRow, users } from '../../src/server/db/schema';
import { createMailTransport, deliverPendingMail, listMailbox, type MailMessage } from '../../src/server/mail';
import { embedded } from './databases';
import { mailText, TEST_MAIL_SETTINGS } from './support/mail';

const PASSWORD = 'Sunshine1';
const ip = '203.0.113.9';
const ORIGIN = 'https://t.test';
const CONFIRM_SUBJECT = 'Confirm your email to finish creating your Tuppence account';

/** The link in the latest queued email to this address (with this subject, when given). */
async function lastLink(database: Database, email: string, subject?: string): Promise<string> {
  const rows = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const row = rows.filter((mail) => subject === undefined || mail.subject === subject).at(-1);
  const text = row === undefined ? '' : await mailText(row);
  const match = text.match(/token=([\w-]+)/);
  if (!match?.[1]) throw new Error(`no link mailed to ${email}`);
  return match[1];
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AccountError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe.each(embedded)('accounts on $name', (engine) => {
  let database: Database;
  /** Registers and follows the emailed confirmation link (decision 017): a working account. */
  const register = async (email: string, password = PASSWORD): Promise<UserRow> => {
    await registerUser(database.db, { firstName: 'Ada', lastName: 'Lovelace', email, password }, ORIGIN);
    return consumeSignInToken(database.db, await lastLink(database, email, CONFIRM_SUBJECT));
  };

  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('registers an account whose password is stored only as an argon2id hash', async () => {
    const user = await register('ada@example.co.uk');
    expect(user.isRegistered).toBe(true);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);
    expect(user.customerToken.length).toBeGreaterThanOrEqual(10); // spec 9: customer token at least 10
  });

  it('refuses a wrong password and an unknown email alike, and accepts the right password', async () => {
    await register('grace@example.co.uk');
    const throttle = createLoginThrottle();
    const attempt = (email: string, password: string) =>
      authenticateUser(database.db, throttle, { email, password, ip });
    expect(await refusal(attempt('grace@example.co.uk', 'Wrong1pass'))).toBe('signInRefused');
    expect(await refusal(attempt('nobody@example.co.uk', PASSWORD))).toBe('signInRefused');
    expect((await attempt('Grace@Example.co.uk', PASSWORD)).email).toBe('grace@example.co.uk');
  });

  it('ten wrong passwords from IP A leave the owner signing in from IP B, from a known device, and by an emailed link', async () => {
    const owner = await register('linus@example.co.uk');
    const throttle = createLoginThrottle();
    const attempt = (password: string, from: string, deviceCookie?: string) =>
      authenticateUser(database.db, throttle, { email: 'linus@example.co.uk', password, ip: from, deviceCookie });
    const device = (await rememberDevice(database.db, owner.id, undefined)) ?? '';
    const attacker = '198.51.100.66';
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i += 1) outcomes.push(await refusal(attempt(`Wrong${i}pass`, attacker)));
    expect(outcomes.slice(0, 4).every((code) => code === 'signInRefused')).toBe(true);
    expect(outcomes).toContain('throttled');
    expect(outcomes).not.toContain('locked');
    // The attacker's pair waits, even with the right password; the account is not locked.
    expect(await refusal(attempt(PASSWORD, attacker))).toBe('throttled');
    expect(toAccountStatus(await retrieveUserByEmail(database.db, 'linus@example.co.uk')).isLocked).toBe(false);
    // The owner: from another IP, from the attacker's IP on a known device, and by an emailed link.
    expect((await attempt(PASSWORD, '203.0.113.77')).email).toBe('linus@example.co.uk');
    expect((await attempt(PASSWORD, attacker, device)).email).toBe('linus@example.co.uk');
    // A device cookie of another account is no key to this one.
    const other = await register('stranger@example.co.uk');
    const strangersDevice = (await rememberDevice(database.db, other.id, undefined)) ?? '';
    expect(await knownDeviceId(database.db, owner.id, strangersDevice)).toBeNull();
    expect(await refusal(attempt(PASSWORD, attacker, strangersDevice))).toBe('throttled');
    await requestEmailLink(database.db, { email: 'linus@example.co.uk', purpose: 'sign_in', origin: ORIGIN });
    const link = await lastLink(database, 'linus@example.co.uk', 'Your Tuppence sign-in link');
    expect((await consumeSignInToken(database.db, link)).email).toBe('linus@example.co.uk');
  });

  it('100 failures from one IP over a few accounts do not stop another account signing in there', async () => {
    await register('office-a@example.co.uk');
    await register('office-b@example.co.uk');
    const throttle = createLoginThrottle();
    const office = '192.0.2.10';
    for (let i = 0; i < 100; i += 1) {
      const email = ['office-a@example.co.uk', 'office-b@example.co.uk', 'nobody-here@example.co.uk'][i % 3] ?? '';
      // Straight to the throttle: 100 argon2 checks would only make the test slow.
      await throttle.recordFailure({ email, ip: office });
    }
    const colleague = await register('office-c@example.co.uk');
    const signedIn = await authenticateUser(database.db, throttle, {
      email: colleague.email,
      password: PASSWORD,
      ip: office,
    });
    expect(signedIn.id).toBe(colleague.id);
  });

  it(`guessing from ${ACCOUNT_FAILURE_LIMIT} IPs holds the account for new devices, not for a known one or an emailed link`, async () => {
    const owner = await register('ada.distributed@example.co.uk');
    const device = (await rememberDevice(database.db, owner.id, undefined)) ?? '';
    const throttle = createLoginThrottle();
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) {
      await throttle.recordFailure({ email: owner.email, ip: `198.18.${Math.floor(i / 200)}.${i % 200}` });
    }
    const attempt = (from: string, deviceCookie?: string) =>
      authenticateUser(database.db, throttle, { email: owner.email, password: PASSWORD, ip: from, deviceCookie });
    expect(await refusal(attempt('198.19.0.1'))).toBe('throttled');
    expect((await attempt('198.19.0.1', device)).id).toBe(owner.id);
    await requestEmailLink(database.db, { email: owner.email, purpose: 'sign_in', origin: ORIGIN });
    const link = await lastLink(database, owner.email, 'Your Tuppence sign-in link');
    expect((await consumeSignInToken(database.db, link)).id).toBe(owner.id);
    // A password reset forgets the account's failures.
    await requestEmailLink(database.db, { email: owner.email, purpose: 'password_reset', origin: ORIGIN });
    const reset = await lastLink(database, owner.email, 'Reset your Tuppence password');
    await resetPassword(database.db, throttle, {
      token: reset,
      newPassword: 'Brandnew2',
      attempt: { ip: '198.19.0.1' },
    });
    expect(
      (await authenticateUser(database.db, throttle, { email: owner.email, password: 'Brandnew2', ip: '198.19.0.2' }))
        .id,
    ).toBe(owner.id);
  });

  it('of two reset links, using the newer ends the older', async () => {
    await register('twolinks@example.co.uk');
    const throttle = createLoginThrottle();
    const ask = () =>
      requestEmailLink(database.db, { email: 'twolinks@example.co.uk', purpose: 'password_reset', origin: ORIGIN });
    await ask();
    const older = await lastLink(database, 'twolinks@example.co.uk', 'Reset your Tuppence password');
    await ask();
    const newer = await lastLink(database, 'twolinks@example.co.uk', 'Reset your Tuppence password');
    expect(newer).not.toBe(older);
    await resetPassword(database.db, throttle, { token: newer, newPassword: 'Newest1pw' });
    expect(await isLinkUsable(database.db, older, 'password_reset')).toBe(false);
    expect(await refusal(resetPassword(database.db, throttle, { token: older, newPassword: 'Attacker1' }))).toBe(
      'linkInvalid',
    );
    expect(
      (await authenticateUser(database.db, throttle, { email: 'twolinks@example.co.uk', password: 'Newest1pw', ip }))
        .email,
    ).toBe('twolinks@example.co.uk');
  });

  it('using a sign-in link ends outstanding reset links, and a password change ends every link', async () => {
    const user = await register('ends@example.co.uk');
    const throttle = createLoginThrottle();
    const ask = (purpose: 'password_reset' | 'sign_in') =>
      requestEmailLink(database.db, { email: 'ends@example.co.uk', purpose, origin: ORIGIN });
    await ask('password_reset');
    const reset = await lastLink(database, 'ends@example.co.uk', 'Reset your Tuppence password');
    await ask('sign_in');
    const signIn = await lastLink(database, 'ends@example.co.uk', 'Your Tuppence sign-in link');
    await consumeSignInToken(database.db, signIn);
    expect(await refusal(resetPassword(database.db, throttle, { token: reset, newPassword: 'Attacker1' }))).toBe(
      'linkInvalid',
    );

    await ask('password_reset');
    const laterReset = await lastLink(database, 'ends@example.co.uk', 'Reset your Tuppence password');
    await ask('sign_in');
    const laterSignIn = await lastLink(database, 'ends@example.co.uk', 'Your Tuppence sign-in link');
    await changePassword(database.db, user.id, { oldPassword: PASSWORD, newPassword: 'Changed1x' });
    expect(await refusal(resetPassword(database.db, throttle, { token: laterReset, newPassword: 'Attacker1' }))).toBe(
      'linkInvalid',
    );
    expect(await refusal(consumeSignInToken(database.db, laterSignIn))).toBe('linkInvalid');
  });

  it('registering an existing email changes nothing and mails its owner; a new one works only once confirmed', async () => {
    const owner = await register('taken@example.co.uk');
    const throttle = createLoginThrottle();
    await registerUser(
      database.db,
      { firstName: 'Mallory', lastName: '', email: 'TAKEN@example.co.uk', password: 'Attacker1' },
      ORIGIN,
    );
    const after = await retrieveUserByEmail(database.db, 'taken@example.co.uk');
    expect(after?.passwordHash).toBe(owner.passwordHash);
    expect(after?.firstName).toBe('Ada');
    const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, 'taken@example.co.uk'));
    expect(mails.at(-1)?.subject).toBe('Someone tried to create a Tuppence account with your email');
    const notice = mails.at(-1);
    expect(notice === undefined ? '' : await mailText(notice)).not.toMatch(/token=/);

    // A new email: the password does not sign in until the emailed link is used.
    await registerUser(
      database.db,
      { firstName: 'Nia', lastName: '', email: 'fresh@example.co.uk', password: PASSWORD },
      ORIGIN,
    );
    const signIn = () =>
      authenticateUser(database.db, throttle, { email: 'fresh@example.co.uk', password: PASSWORD, ip });
    expect(await refusal(signIn())).toBe('signInRefused');
    await consumeSignInToken(database.db, await lastLink(database, 'fresh@example.co.uk', CONFIRM_SUBJECT));
    expect((await signIn()).email).toBe('fresh@example.co.uk');
  });

  it("an account made at guest checkout does not block its owner's registration", async () => {
    const { user: guest } = await expressRegisterUser(database.db, 'guest-first@example.co.uk');
    expect(canSignIn(guest)).toBe(false);
    await registerUser(
      database.db,
      { firstName: 'Ona', lastName: 'Owner', email: 'guest-first@example.co.uk', password: PASSWORD },
      ORIGIN,
    );
    // No password was set by the request itself: a stranger could have sent it.
    expect(canSignIn(await retrieveUserByEmail(database.db, 'guest-first@example.co.uk'))).toBe(false);
    const link = await lastLink(database, 'guest-first@example.co.uk', 'Set your Tuppence password');
    const owned = await resetPassword(database.db, createLoginThrottle(), { token: link, newPassword: 'Ownersown1' });
    expect(owned.id).toBe(guest.id);
    expect(toAccountStatus(owned)).toMatchObject({ hasPassword: true, isRegistered: true });

    // A registration left unconfirmed (perhaps a stranger's) does not block the owner either.
    await registerUser(
      database.db,
      { firstName: 'Mallory', lastName: '', email: 'pending@example.co.uk', password: 'Attacker1' },
      ORIGIN,
    );
    await registerUser(
      database.db,
      { firstName: 'Pat', lastName: '', email: 'pending@example.co.uk', password: PASSWORD },
      ORIGIN,
    );
    const setLink = await lastLink(database, 'pending@example.co.uk', 'Set your Tuppence password');
    await resetPassword(database.db, createLoginThrottle(), { token: setLink, newPassword: 'Patsown12' });
    const throttle = createLoginThrottle();
    expect(
      await refusal(
        authenticateUser(database.db, throttle, { email: 'pending@example.co.uk', password: 'Attacker1', ip }),
      ),
    ).toBe('signInRefused');
    // The stranger's confirmation link ended with the owner's new password (one used link ends the others).
    const strangers = await lastLink(database, 'pending@example.co.uk', CONFIRM_SUBJECT);
    expect(await refusal(consumeSignInToken(database.db, strangers))).toBe('linkInvalid');
  });

  it('a reset link is stored hashed, works once and expires after 1 hour', async () => {
    await register('hedy@example.co.uk');
    const throttle = createLoginThrottle();
    await requestEmailLink(database.db, {
      email: 'hedy@example.co.uk',
      purpose: 'password_reset',
      origin: 'https://t.test',
    });
    const token = await lastLink(database, 'hedy@example.co.uk');
    const stored = await database.db.execute(sql`select token_hash from account_tokens where token_hash = ${token}`);
    expect(stored.rows).toHaveLength(0);
    await resetPassword(database.db, throttle, { token, newPassword: 'Another3x' });
    expect(await refusal(resetPassword(database.db, throttle, { token, newPassword: 'Again4xyz' }))).toBe(
      'linkInvalid',
    );

    await requestEmailLink(database.db, {
      email: 'hedy@example.co.uk',
      purpose: 'password_reset',
      origin: 'https://t.test',
    });
    const late = await lastLink(database, 'hedy@example.co.uk');
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect(
      await refusal(resetPassword(database.db, throttle, { token: late, newPassword: 'Late5xyzw', now: later })),
    ).toBe('linkInvalid');
  });

  it('an unknown email asks for a reset without error and without mail', async () => {
    const before = await database.db.select().from(outbox);
    await requestEmailLink(database.db, {
      email: 'ghost@example.co.uk',
      purpose: 'password_reset',
      origin: 'https://t.test',
    });
    expect(await database.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('sends queued mail after commit as .eml files and marks it sent', async () => {
    const mailDir = mkdtempSync(path.join(tmpdir(), 'tuppence-mail-'));
    try {
      await register('mary@example.co.uk');
      await requestEmailLink(database.db, {
        email: 'mary@example.co.uk',
        purpose: 'sign_in',
        origin: 'https://t.test',
      });
      const sent = await deliverPendingMail(database.db, createMailTransport({ mailDir }), 100);
      expect(sent).toBeGreaterThan(0);
      const mailbox = await listMailbox(mailDir);
      const signIn = mailbox.find((mail) => mail.subject === 'Your Tuppence sign-in link');
      expect(signIn?.to).toBe('mary@example.co.uk');
      const token = signIn?.text.match(/token=([\w-]+)/)?.[1] ?? '';
      expect((await consumeSignInToken(database.db, token)).email).toBe('mary@example.co.uk');
      expect(await refusal(consumeSignInToken(database.db, token))).toBe('linkInvalid');
      const unsent = await database.db.execute(sql`select count(*)::int as n from outbox where sent_at is null`);
      expect((unsent.rows[0] as { n: number }).n).toBe(0);
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it('sends each queued email once when two requests flush the outbox at the same moment', async () => {
    await register('twice@example.co.uk');
    await requestEmailLink(database.db, { email: 'twice@example.co.uk', purpose: 'sign_in', origin: ORIGIN });
    const delivered: string[] = [];
    // A transport that yields before finishing, so both deliveries have read the row before either sends.
    const transport = {
      settings: TEST_MAIL_SETTINGS,
      async send(mail: MailMessage) {
        await Promise.resolve();
        delivered.push(`${mail.to}: ${mail.subject}`);
      },
    };
    const [first, second] = await Promise.all([
      deliverPendingMail(database.db, transport, 100),
      deliverPendingMail(database.db, transport, 100),
    ]);
    const signInLinks = delivered.filter((line) => line === 'twice@example.co.uk: Your Tuppence sign-in link');
    expect(signInLinks).toHaveLength(1);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(first + second).toBe(delivered.length);
  });

  it('changes a password only with the current one, and activates one for a checkout account', async () => {
    const user = await register('alan@example.co.uk');
    expect(
      await refusal(changePassword(database.db, user.id, { oldPassword: 'Nope1nope', newPassword: 'Changed1x' })),
    ).toBe('wrongCurrentPassword');
    const changed = await changePassword(database.db, user.id, { oldPassword: PASSWORD, newPassword: 'Changed1x' });
    expect(changed.sessionEpoch).toBe(user.sessionEpoch + 1);

    const { user: guest, isNew } = await expressRegisterUser(database.db, 'guest@example.co.uk');
    expect(isNew).toBe(true);
    expect(toAccountStatus(guest)).toEqual({ hasPassword: false, isLocked: false, isRegistered: false, tpl: false });
    expect((await expressRegisterUser(database.db, 'guest@example.co.uk')).isNew).toBe(false);
    await activatePassword(database.db, guest.id, 'Activate1');
    expect(toAccountStatus(await retrieveUserByEmail(database.db, 'guest@example.co.uk')).hasPassword).toBe(true);
    expect(await refusal(activatePassword(database.db, guest.id, 'Activate2'))).toBe('passwordAlreadySet');
  });

  it('deleting an account blanks name and email but keeps the row and what points at it', async () => {
    const user = await register('claude@example.co.uk');
    expect(await refusal(anonymizeUser(database.db, user.id, 'Wrong1pass'))).toBe('wrongCurrentPassword');
    const email = await anonymizeUser(database.db, user.id, PASSWORD);
    expect(email).toBe('claude@example.co.uk');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).not.toContain('claude');
    expect(row?.firstName).toBe('');
    expect(row?.lastName).toBe('');
    expect(row?.passwordHash).toBeNull();
    expect(row?.anonymizedAt).not.toBeNull();
    // The welcome email row (like a future order) still references the user, without the address.
    const kept = await database.db.select().from(outbox).where(eq(outbox.userId, user.id));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((mail) => !mail.recipient.includes('claude'))).toBe(true);
    // What it said is gone too: no name, no link (the row's template data is blanked).
    for (const mail of kept) expect(await mailText(mail)).not.toMatch(/Ada|token=/);
    expect(await retrieveUserByEmail(database.db, 'claude@example.co.uk')).toBeNull();
    // The email is free to register again.
    expect((await register('claude@example.co.uk')).id).not.toBe(user.id);
  });
});
