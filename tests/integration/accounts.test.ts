/**
 * Issue 6 accounts service on every engine: register, sign in with one generic refusal, throttling
 * and lock lifted by a reset, single-use reset links through the outbox, and deletion that blanks
 * the person but keeps rows that point at them.
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
  changePassword,
  consumeSignInToken,
  createLoginThrottle,
  expressRegisterUser,
  registerUser,
  requestEmailLink,
  resetPassword,
  retrieveUserByEmail,
  toAccountStatus,
} from '../../src/server/accounts';
import type { Database } from '../../src/server/db/client';
import { outbox, users } from '../../src/server/db/schema';
import { createMailTransport, deliverPendingMail, listMailbox } from '../../src/server/mail';
import { engines } from './databases';

const PASSWORD = 'Sunshine1';
const ip = '203.0.113.9';

/** The link in the latest queued email to this address. */
async function lastLink(database: Database, email: string): Promise<string> {
  const rows = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const body = rows.at(-1)?.body ?? '';
  const match = body.match(/token=([\w-]+)/);
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

describe.each(engines)('accounts on $name', (engine) => {
  let database: Database;
  const register = (email: string, password = PASSWORD) =>
    registerUser(database.db, { firstName: 'Ada', lastName: 'Lovelace', email, password });

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
    expect(await refusal(register('ADA@example.co.uk'))).toBe('emailTaken');
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

  it('throttles the tenth rapid failure, keeps the account locked, and a reset lifts the lock', async () => {
    await register('linus@example.co.uk');
    const throttle = createLoginThrottle();
    const attempt = (password: string) =>
      authenticateUser(database.db, throttle, { email: 'linus@example.co.uk', password, ip });
    const outcomes: string[] = [];
    for (let i = 0; i < ACCOUNT_FAILURE_LIMIT; i += 1) outcomes.push(await refusal(attempt(`Wrong${i}pass`)));
    expect(outcomes.slice(0, 9).every((code) => code === 'signInRefused')).toBe(true);
    expect(outcomes[9]).toBe('locked');
    expect(await refusal(attempt(PASSWORD))).toMatch(/locked|throttled/);
    expect(toAccountStatus(await retrieveUserByEmail(database.db, 'linus@example.co.uk')).isLocked).toBe(true);

    await requestEmailLink(database.db, {
      email: 'linus@example.co.uk',
      purpose: 'password_reset',
      origin: 'https://t.test',
    });
    const token = await lastLink(database, 'linus@example.co.uk');
    await resetPassword(database.db, throttle, { token, newPassword: 'Brandnew2' });
    expect((await attempt('Brandnew2')).email).toBe('linus@example.co.uk');
    expect(toAccountStatus(await retrieveUserByEmail(database.db, 'linus@example.co.uk')).isLocked).toBe(false);
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
    expect(await retrieveUserByEmail(database.db, 'claude@example.co.uk')).toBeNull();
    // The email is free to register again.
    expect((await register('claude@example.co.uk')).id).not.toBe(user.id);
  });
});
