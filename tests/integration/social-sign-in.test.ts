/**
 * Sign in with Google and Continue with Facebook (spec 7 registergoogleuser, /facebook/authenticate,
 * logingoogle; spec 3 user flags tpl, isFacebook, FBO; spec 4 login flow; spec 8 "Invalid google
 * token id", "Email wasn't registered"; decision 055). The identity-provider stand-in is the payment
 * sandbox's real app, served on loopback as its own process serves it; the shop's endpoints run
 * in-process with a browser's cookies and session, and every call between the shop and the stand-in
 * (the shopper's sign-in page, the token exchange, the key set, Facebook's `me`) goes over HTTP.
 */

import type { APIContext, APIRoute } from 'astro';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../sandbox/app';
import { listen } from '../../sandbox/listen';
import { STAND_IN_CLIENT, STAND_IN_PATHS } from '../../src/contracts/identity-provider.mjs';
import { IDENTITY_COOKIES } from '../../src/domain/cookies';
import { socialSignInMessage } from '../../src/domain/social-sign-in';
import { hashPassword } from '../../src/server/accounts';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { sandboxDb } from '../fixtures/sandbox-database';
import { TEST_SHOP_ORIGIN } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

/** The stand-in's endpoints as the shop is configured with them, and the Facebook switch. */
const provider = vi.hoisted(() => ({ origin: '', facebookOn: true }));

vi.mock('astro:env/server', async (original) => ({
  ...((await original()) as Record<string, unknown>),
  get GOOGLE_ISSUER() {
    return `${provider.origin}/idp/google`;
  },
  get GOOGLE_AUTHORIZATION_URL() {
    return `${provider.origin}/idp/google/authorize`;
  },
  get GOOGLE_TOKEN_URL() {
    return `${provider.origin}/idp/google/token`;
  },
  get GOOGLE_JWKS_URL() {
    return `${provider.origin}/idp/google/jwks`;
  },
  get FACEBOOK_AUTHORIZATION_URL() {
    return `${provider.origin}/idp/facebook/dialog/oauth`;
  },
  get FACEBOOK_TOKEN_URL() {
    return `${provider.origin}/idp/facebook/oauth/access_token`;
  },
  get FACEBOOK_PROFILE_URL() {
    return `${provider.origin}/idp/facebook/me`;
  },
  get FEATURE_FACEBOOK_LOGIN() {
    return provider.facebookOn;
  },
}));

const { GET: googleRoute } = await import('../../src/pages/api/v1/registergoogleuser');
const { GET: facebookRoute } = await import('../../src/pages/api/v1/facebook/authenticate');
const { POST: oneTapRoute } = await import('../../src/pages/api/v1/logingoogle');
const { GET: flagsRoute } = await import('../../src/pages/api/v1/user/account-status');

/** One browser: its cookies for the shop and its server-side session. */
function browser() {
  const cookies = new Map<string, { value: string; maxAge?: number; httpOnly?: boolean }>();
  const session = new Map<string, unknown>();
  const call = async (route: APIRoute, path: string, init: { method?: string; body?: unknown } = {}) => {
    const url = new URL(path, TEST_SHOP_ORIGIN);
    const method = init.method ?? 'GET';
    return route({
      url,
      params: {},
      clientAddress: '203.0.113.20',
      request: new Request(url, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(init.body ?? {}),
      }),
      session: {
        get: async (name: string) => session.get(name),
        set: (name: string, value: unknown) => void session.set(name, value),
        delete: (name: string) => void session.delete(name),
        regenerate: async () => undefined,
        destroy: () => session.clear(),
      },
      cookies: {
        get: (name: string) => (cookies.has(name) ? { value: cookies.get(name)?.value ?? '' } : undefined),
        has: (name: string) => cookies.has(name),
        set: (name: string, value: string, options: { maxAge?: number; httpOnly?: boolean } = {}) =>
          void cookies.set(name, { value, ...options }),
        delete: (name: string) => void cookies.delete(name),
      },
      locals: { now: new Date(), brand: 'tuppence' },
    } as unknown as APIContext);
  };
  return { cookies, session, call };
}

type Browser = ReturnType<typeof browser>;

/** The stand-in's sign-in page, as the shopper sees it and answers it; the shop URL it sends them back to. */
async function onProviderPage(
  authorizeUrl: string,
  answer: { email?: string; firstName?: string; lastName?: string; decision?: 'continue' | 'cancel' },
): Promise<string> {
  const shown = await fetch(authorizeUrl);
  expect(shown.status).toBe(200);
  const html = await shown.text();
  expect(html).toMatch(/<h1>Sign in with (Google|Facebook)<\/h1>/);
  // The form posts back to the page itself with the request's parameters in hidden fields.
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    form.set(name ?? '', (value ?? '').replaceAll('&amp;', '&'));
  }
  form.set('email', answer.email ?? '');
  form.set('firstName', answer.firstName ?? 'Ada');
  form.set('lastName', answer.lastName ?? 'Lovelace');
  form.set('decision', answer.decision ?? 'continue');
  const posted = await fetch(authorizeUrl, {
    method: 'POST',
    body: form,
    headers: { Origin: new URL(authorizeUrl).origin },
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  return posted.headers.get('location') ?? '';
}

/** The whole round trip: the shop's start, the provider's page, the shop's return. */
async function signInWith(
  who: Browser,
  route: APIRoute,
  startPath: string,
  answer: Parameters<typeof onProviderPage>[1],
): Promise<{ status: number; location: string }> {
  const start = await who.call(route, startPath);
  expect(start.status).toBe(302);
  const back = await onProviderPage(start.headers.get('location') ?? '', answer);
  expect(back.startsWith(`${TEST_SHOP_ORIGIN}${new URL(startPath, TEST_SHOP_ORIGIN).pathname}?`)).toBe(true);
  const done = await who.call(route, back.slice(TEST_SHOP_ORIGIN.length));
  return { status: done.status, location: done.headers.get('location') ?? '' };
}

async function flagsOf(who: Browser): Promise<Record<string, unknown>> {
  const answer = await who.call(flagsRoute, '/api/v1/user/account-status');
  expect(answer.status).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

describe.each(embedded)('social sign-in against the identity-provider stand-in on $name', (engine) => {
  const shared: { database?: Database | null } = {};
  serveTestDatabase(shared);
  let served: { origin: string; close: () => Promise<void> };
  const db = () => {
    if (!shared.database) throw new Error('database not open');
    return shared.database.db;
  };
  const userByEmail = async (email: string) =>
    (await db().select().from(users).where(sql`lower(${users.email}) = ${email}`))[0];

  beforeAll(async () => {
    shared.database = await engine.open();
    let app: ((request: Request) => Promise<Response>) | undefined;
    served = await listen(
      (request) => (app ? app(request) : Promise.resolve(new Response(null, { status: 503 }))),
      '127.0.0.1',
      0,
    );
    app = createSandboxApp({
      db: sandboxDb(db()),
      site: { publicUrl: served.origin, shopOrigins: [TEST_SHOP_ORIGIN] },
    });
    provider.origin = served.origin;
  });
  afterAll(async () => {
    await served?.close();
    await shared.database?.close();
  });

  it('a new email signs up with Google: an account with no password, signed in with spec 4 cookies, then on to the page asked for', async () => {
    const shopper = browser();
    shopper.cookies.set(IDENTITY_COOKIES.referralCode, { value: 'FRIEND10' });
    shopper.cookies.set(IDENTITY_COOKIES.deleteEmail, { value: 'someone.else@example.co.uk' });
    const done = await signInWith(shopper, googleRoute, '/api/v1/registergoogleuser?redirect=/deals/london', {
      email: 'new.google@example.co.uk',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(done).toEqual({ status: 303, location: '/deals/london' });
    const user = await userByEmail('new.google@example.co.uk');
    expect(user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: null,
      isRegistered: true,
      isThirdPartyLogin: true,
      isFacebook: false,
    });
    // spec 4 login flow: customer token cookie for a year, brand cookie, referral cookie cleared.
    expect(shopper.cookies.get(IDENTITY_COOKIES.customerToken)).toMatchObject({
      value: user?.customerToken,
      maxAge: 365 * 86_400,
    });
    expect(shopper.cookies.get(IDENTITY_COOKIES.brand)?.value).toBe('registered_user');
    expect(shopper.cookies.has(IDENTITY_COOKIES.referralCode)).toBe(false);
    expect(shopper.cookies.has(IDENTITY_COOKIES.deleteEmail)).toBe(false);
    expect(shopper.session.get('account')).toMatchObject({ userId: user?.id });
    expect(await flagsOf(shopper)).toMatchObject({
      tpl: true,
      hasPassword: false,
      isRegistered: true,
      isFacebook: false,
      FBO: false,
    });
  });

  it('an existing account is linked and signed in with Google, keeping its password and its one row', async () => {
    const [existing] = await db()
      .insert(users)
      .values({
        email: 'existing@example.co.uk',
        firstName: 'Ada',
        passwordHash: await hashPassword('Sunshine1'),
        customerToken: 'cust_existing_google',
        isRegistered: true,
      })
      .returning();
    const shopper = browser();
    const done = await signInWith(shopper, googleRoute, '/api/v1/registergoogleuser', {
      email: 'Existing@Example.co.uk',
    });
    expect(done).toEqual({ status: 303, location: '/myaccount/vouchers' });
    const rows = await db().select().from(users).where(sql`lower(${users.email}) = 'existing@example.co.uk'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: existing?.id, isThirdPartyLogin: true, passwordHash: existing?.passwordHash });
    expect(shopper.cookies.get(IDENTITY_COOKIES.customerToken)?.value).toBe('cust_existing_google');
    expect(await flagsOf(shopper)).toMatchObject({ tpl: true, hasPassword: true, FBO: false });
  });

  it("an unconfirmed registration's password is dropped when the email's owner signs in with Google", async () => {
    await db()
      .insert(users)
      .values({
        email: 'unconfirmed@example.co.uk',
        passwordHash: await hashPassword('Stranger1'),
        customerToken: 'cust_unconfirmed_google',
        isRegistered: false,
      });
    const done = await signInWith(browser(), googleRoute, '/api/v1/registergoogleuser', {
      email: 'unconfirmed@example.co.uk',
    });
    expect(done.status).toBe(303);
    expect(await userByEmail('unconfirmed@example.co.uk')).toMatchObject({ passwordHash: null, isRegistered: true });
  });

  it('a return whose state is not the one this browser was given is refused, and so is a replayed one', async () => {
    const shopper = browser();
    const start = await shopper.call(googleRoute, '/api/v1/registergoogleuser');
    const back = new URL(await onProviderPage(start.headers.get('location') ?? '', { email: 'forged@example.co.uk' }));
    const forged = new URL(back);
    forged.searchParams.set('state', 'not-the-state-we-sent');
    const refused = await shopper.call(googleRoute, `${forged.pathname}${forged.search}`);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/login?signin=socialSignInExpired');
    expect(socialSignInMessage('socialSignInExpired')).toMatch(/did not complete/);
    // The sign-in it belonged to is over: the genuine return cannot be used after a forged one.
    const genuine = await shopper.call(googleRoute, `${back.pathname}${back.search}`);
    expect(genuine.headers.get('location')).toBe('/login?signin=socialSignInExpired');
    // Another browser cannot finish this browser's sign-in.
    const other = browser();
    const stolen = await other.call(googleRoute, `${back.pathname}${back.search}`);
    expect(stolen.headers.get('location')).toBe('/login?signin=socialSignInExpired');
    expect(other.session.has('account')).toBe(false);
    expect(await userByEmail('forged@example.co.uk')).toBeUndefined();
  });

  it('spec 8: an expired ID token reads "Invalid google token id" and signs nobody in', async () => {
    const shopper = browser();
    const done = await signInWith(shopper, googleRoute, '/api/v1/registergoogleuser', {
      email: 'expired-token@example.co.uk',
    });
    expect(done).toEqual({ status: 303, location: '/login?signin=invalidGoogleToken' });
    expect(socialSignInMessage('invalidGoogleToken')).toBe('Invalid google token id');
    expect(shopper.session.has('account')).toBe(false);
    expect(await userByEmail('expired-token@example.co.uk')).toBeUndefined();
  });

  it('a shopper who cancels on the provider page comes back to sign in, told so', async () => {
    const done = await signInWith(browser(), googleRoute, '/api/v1/registergoogleuser', {
      email: 'changed.mind@example.co.uk',
      decision: 'cancel',
    });
    expect(done.location).toBe('/login?signin=cancelled');
  });

  /** An ID token from the stand-in, as a client that knows the stand-in's secret gets one. */
  async function idTokenFor(email: string): Promise<string> {
    const verifier = 'v'.repeat(50);
    const { createHash } = await import('node:crypto');
    const authorize = new URL(`${served.origin}${STAND_IN_PATHS.google.authorize}`);
    const redirectUri = `${TEST_SHOP_ORIGIN}/api/v1/registergoogleuser`;
    for (const [name, value] of Object.entries({
      client_id: STAND_IN_CLIENT.id,
      redirect_uri: redirectUri,
      response_type: 'code',
      state: 'one-tap-test',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    })) {
      authorize.searchParams.set(name, value);
    }
    const back = new URL(await onProviderPage(authorize.href, { email }));
    const token = await fetch(`${served.origin}${STAND_IN_PATHS.google.token}`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        client_id: STAND_IN_CLIENT.id,
        client_secret: STAND_IN_CLIENT.secret,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    return ((await token.json()) as { id_token: string }).id_token;
  }

  it('one-tap (logingoogle): a genuine token signs in, a tampered one reads "Invalid google token id", an unknown email "Email wasn\'t registered"', async () => {
    await db()
      .insert(users)
      .values({ email: 'one.tap@example.co.uk', customerToken: 'cust_one_tap', isRegistered: true });
    const genuine = await idTokenFor('one.tap@example.co.uk');
    const shopper = browser();
    const signedIn = await shopper.call(oneTapRoute, '/api/v1/logingoogle', {
      method: 'POST',
      body: { credential: genuine, redirect: '/deals/london' },
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ redirect: '/deals/london', data: { customerToken: 'cust_one_tap' } });

    // The payload changed to claim another email: the signature no longer matches.
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'victim@example.co.uk' })).toString('base64url'),
      signature,
    ].join('.');
    const refused = await browser().call(oneTapRoute, '/api/v1/logingoogle', {
      method: 'POST',
      body: { credential: tampered },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: 'Invalid google token id' });

    const unknown = await browser().call(oneTapRoute, '/api/v1/logingoogle', {
      method: 'POST',
      body: { credential: await idTokenFor('stranger@example.co.uk') },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: "Email wasn't registered" });
  });

  it('Continue with Facebook: a new email is a Facebook-only account (isFacebook, FBO); a password account is linked (isFacebook, not FBO)', async () => {
    const newcomer = browser();
    const done = await signInWith(newcomer, facebookRoute, '/api/v1/facebook/authenticate?redirect=/gifts', {
      email: 'fb.new@example.co.uk',
      firstName: 'Mary',
      lastName: 'Somerville',
    });
    expect(done).toEqual({ status: 303, location: '/gifts' });
    expect(await userByEmail('fb.new@example.co.uk')).toMatchObject({ passwordHash: null, isFacebook: true });
    expect(await flagsOf(newcomer)).toMatchObject({ isFacebook: true, FBO: true, tpl: true, hasPassword: false });

    await db()
      .insert(users)
      .values({
        email: 'fb.existing@example.co.uk',
        passwordHash: await hashPassword('Sunshine1'),
        customerToken: 'cust_fb_existing',
        isRegistered: true,
      });
    const regular = browser();
    await signInWith(regular, facebookRoute, '/api/v1/facebook/authenticate', { email: 'fb.existing@example.co.uk' });
    expect(await flagsOf(regular)).toMatchObject({ isFacebook: true, FBO: false, hasPassword: true });
  });

  it('a Facebook profile without an email makes no account and says why', async () => {
    const done = await signInWith(browser(), facebookRoute, '/api/v1/facebook/authenticate', {
      email: 'no-email@example.co.uk',
    });
    expect(done.location).toBe('/login?signin=facebookEmailWithheld');
    expect(
      await db()
        .select()
        .from(users)
        .where(and(eq(users.email, 'no-email@example.co.uk'))),
    ).toHaveLength(0);
  });

  it('with FEATURE_FACEBOOK_LOGIN off, /facebook/authenticate does not exist (404) and nobody is sent to Facebook', async () => {
    provider.facebookOn = false;
    try {
      const answer = await browser().call(facebookRoute, '/api/v1/facebook/authenticate');
      expect(answer.status).toBe(404);
      expect(answer.headers.get('location')).toBeNull();
    } finally {
      provider.facebookOn = true;
    }
  });
});
