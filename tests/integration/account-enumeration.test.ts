/**
 * Account enumeration (decision 017: registration tells nobody anything), at the endpoints as a script with
 * no cookies would call them: register, express-register and account-status answer alike for a new email, an
 * account with a password and an account made at checkout; account-status tells a stranger only "must sign
 * in", never a lock, and one email only REVEALS_PER_EMAIL times an hour; a neighbour at the same address
 * is never held for it (decision 054).
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_COPY } from '../../src/domain/account-copy';
import { REVEALS_PER_EMAIL } from '../../src/server/accounts/throttle';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
function openDb() {
  if (!shared.database) throw new Error('test database not open');
  return shared.database.db;
}

const registerRoute = await import('../../src/pages/api/v1/register');
const expressRoute = await import('../../src/pages/api/v1/express-register');
const statusRoute = await import('../../src/pages/api/v1/user/account-status');
const payRoute = await import('../../src/pages/api/v1/pay');
const { registerUser, expressRegisterUser, consumeSignInToken } = await import('../../src/server/accounts');
const { outbox } = await import('../../src/server/db/schema');
const { mailText } = await import('./support/mail');

/** A cookie-less request from this IP; `setCookies` lists what the endpoint tried to set. */
function call(path: string, body: unknown, clientAddress: string) {
  const setCookies: string[] = [];
  const url = new URL(`http://localhost${path}`);
  const context = {
    url,
    clientAddress,
    locals: {},
    params: {},
    request: new Request(url, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    }),
    cookies: {
      get: () => undefined,
      has: () => false,
      set: (name: string) => setCookies.push(name),
      delete: (name: string) => setCookies.push(`-${name}`),
    },
    session: undefined,
  } as unknown as APIContext;
  return { context, setCookies };
}

/** What an outsider sees of an answer: status, body and cookies set. */
async function seen(
  route: { POST?: (context: APIContext) => Response | Promise<Response> },
  path: string,
  body: unknown,
  ip: string,
) {
  const { context, setCookies } = call(path, body, ip);
  const response = await (route.POST as (context: APIContext) => Promise<Response>)(context);
  return {
    status: response.status,
    body: await response.json(),
    setCookies,
    retryAfter: response.headers.get('Retry-After') !== null,
  };
}

describe.each(embedded)('nobody learns from the account calls whether an email has an account, on $name', (engine) => {
  const run = `${engine.name}-${Date.now()}`;
  const emails = {
    fresh: `fresh-${run}@example.co.uk`,
    withPassword: `owner-${run}@example.co.uk`,
    guestMade: `guest-${run}@example.co.uk`,
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    const { db } = shared.database;
    await registerUser(
      db,
      { firstName: 'Ada', lastName: '', email: emails.withPassword, password: 'Sunshine1' },
      'https://t.test',
    );
    const [confirm] = await db.select().from(outbox).where(eq(outbox.recipient, emails.withPassword));
    const text = confirm === undefined ? '' : await mailText(confirm);
    await consumeSignInToken(db, text.match(/token=([\w-]+)/)?.[1] ?? '');
    await expressRegisterUser(db, emails.guestMade);
  });
  afterAll(async () => {
    await shared.database?.close();
  });

  const registration = (email: string) => ({ firstName: 'Mallory', lastName: 'M', email, password: 'Attacker1' });

  it('register answers a new email, an account with a password and a guest-made account alike (202, "check your email", no cookies)', async () => {
    const answers = await Promise.all(
      [`new-${run}@example.co.uk`, emails.withPassword, emails.guestMade].map((email) =>
        seen(registerRoute, '/api/v1/register', registration(email), '192.0.2.1'),
      ),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 202,
        body: { message: ACCOUNT_COPY.registerCheckEmail, status: 202 },
        setCookies: [],
        retryAfter: false,
      });
    }
    // Nothing about the existing accounts changed: the owner's password and names stand.
    const [owner] = await openDb().select().from(users).where(eq(users.email, emails.withPassword));
    expect(owner?.firstName).toBe('Ada');
  });

  it('express-register answers a new email, an account with a password and a guest-made account alike', async () => {
    const answers = await Promise.all(
      [`express-${run}@example.co.uk`, emails.withPassword, emails.guestMade].map((email) =>
        seen(expressRoute, '/api/v1/express-register', { email }, '192.0.2.2'),
      ),
    );
    expect(answers[0]).toMatchObject({ status: 202, body: { message: ACCOUNT_COPY.expressRegistered } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('account-status tells a stranger nothing of a guest-made or locked account, and "must sign in" only within the per-email allowance', async () => {
    const ip = `198.51.100.${engine.name === 'pglite' ? 21 : 22}`;
    const status = (email: string) => seen(statusRoute, '/api/v1/user/account-status', { email }, ip);
    const unknown = await status(emails.fresh);
    expect(unknown).toMatchObject({
      status: 200,
      body: { hasPassword: false, isLocked: false, isRegistered: false, tpl: false },
    });
    expect(await status(emails.guestMade)).toEqual(unknown);

    await openDb().update(users).set({ isLocked: true }).where(eq(users.email, emails.withPassword));
    const mustSignIn = await status(emails.withPassword);
    expect(mustSignIn).toMatchObject({ status: 200, body: { hasPassword: true, isLocked: false, isRegistered: true } });
    expect(Object.keys(mustSignIn.body).sort()).toEqual(Object.keys(unknown.body).sort());

    for (let i = 1; i < REVEALS_PER_EMAIL; i += 1) await status(emails.withPassword);
    const heldKnown = await status(emails.withPassword);
    expect(heldKnown).toMatchObject({
      status: 429,
      body: { message: ACCOUNT_COPY.tooManyChecks, status: 429 },
      retryAfter: true,
    });
    // decision 054 (017 held every check from the IP here): a neighbour at the same address asking
    // about another email is answered as before.
    expect(await status(emails.fresh)).toEqual(unknown);
    expect(await status(emails.guestMade)).toEqual(unknown);
    // Unknown emails cost nothing: another IP that only asks about them is never held.
    for (let i = 0; i <= REVEALS_PER_EMAIL; i += 1) {
      expect(
        (await seen(statusRoute, '/api/v1/user/account-status', { email: `n${i}-${run}@example.co.uk` }, `${ip}0`))
          .status,
      ).toBe(200);
    }
  });
  it('a guest pay for an email told "must sign in" too often is refused (429, before any lookup); a guest at the same address with another email is not', async () => {
    const ip = `198.51.100.${engine.name === 'pglite' ? 31 : 32}`;
    const { email: probed } = await addShopper(openDb(), { passwordHash: 'not-a-real-hash' });
    for (let i = 0; i < REVEALS_PER_EMAIL; i += 1) {
      await seen(statusRoute, '/api/v1/user/account-status', { email: probed }, ip);
    }
    const payAs = async (email: string) => {
      const { context } = call(
        '/api/v1/pay',
        {
          totalOrderAmount: 2500,
          walletUsed: 0,
          cashAmount: 2500,
          paymentMethod: 'credit_card',
          nonce: 'fake-valid-nonce',
          email,
        },
        ip,
      );
      context.request.headers.set('Idempotency-Key', `enum-${email}`);
      const response = await (payRoute.POST as (context: APIContext) => Promise<Response>)(context);
      return { status: response.status, body: await response.json() };
    };
    expect(await payAs(probed)).toEqual({
      status: 429,
      body: { message: ACCOUNT_COPY.tooManyChecks, status: 429, reason: null },
    });
    // decision 054 (017 refused this guest too): the guest goes on to the checkout's own answers
    // (here: no basket in this cookie-less call).
    expect((await payAs(`nobody-${run}@example.co.uk`)).status).not.toBe(429);
  });
});
