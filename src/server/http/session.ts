/**
 * Signing in and out on a request (spec 4 "Login flow", docs/decisions/009): the Astro session holds
 * the account id and its session epoch; identity cookies follow spec 9 lifetimes.
 */
import type { APIContext } from 'astro';
import { cookieMaxAgeSeconds, IDENTITY_COOKIES, isSecureCookieContext } from '@/domain/cookies';
import { AccountError } from '@/domain/errors';
import { nextBrandCookie } from '@/domain/identity';
import { DEVICE_COOKIE, DEVICE_LIFETIME_SECONDS, rememberDevice, retrieveUser } from '@/server/accounts';
import type { UserRow } from '@/server/accounts/schema';
import { getDb } from '@/server/db';
import { logError } from '@/server/log';
import { runSignInHooks } from './sign-in-hooks';

type RequestContext = Pick<APIContext, 'session' | 'cookies' | 'url'>;

/** How long a session lasts on the server: 30 days with remember-me, else 12 hours. */
const REMEMBERED_SECONDS = 30 * 24 * 60 * 60;
const BROWSING_SECONDS = 12 * 60 * 60;

function cookieOptions(context: RequestContext, maxAge: number, httpOnly: boolean) {
  return { path: '/', maxAge, sameSite: 'lax' as const, secure: isSecureCookieContext(context.url), httpOnly };
}

/**
 * spec 4 login flow, after the password (or link, or Google token) checked out: a new session id,
 * the customer token cookie (1 year) and brand cookie (registered_user), the referral and
 * delete-email cookies cleared, and the user marked logged in and registered.
 */
export async function signIn(context: RequestContext, user: UserRow, options: { rememberMe: boolean }): Promise<void> {
  const { session, cookies } = context;
  if (session === undefined) throw new Error('Astro sessions are not configured');
  await session.regenerate();
  session.set(
    'account',
    { userId: user.id, epoch: user.sessionEpoch },
    {
      ttl: options.rememberMe ? REMEMBERED_SECONDS : BROWSING_SECONDS,
    },
  );
  const year = cookieMaxAgeSeconds('customerToken');
  cookies.set(IDENTITY_COOKIES.customerToken, user.customerToken, cookieOptions(context, year, true));
  const brand = nextBrandCookie(cookies.get(IDENTITY_COOKIES.brand)?.value, 'registered_user');
  cookies.set(IDENTITY_COOKIES.brand, brand, cookieOptions(context, cookieMaxAgeSeconds('brand'), false));
  cookies.set(
    IDENTITY_COOKIES.userLoggedIn,
    'true',
    cookieOptions(context, cookieMaxAgeSeconds('userLoggedIn'), false),
  );
  cookies.set(IDENTITY_COOKIES.registered, 'true', cookieOptions(context, cookieMaxAgeSeconds('registered'), false));
  const { db } = await getDb();
  // What other features do at sign-in (basket and wishlist merges, a referral), before spec 4 clears
  // the referral cookie; a failing hook is logged and never blocks the sign-in.
  await runSignInHooks({ context, db, user });
  for (const name of [IDENTITY_COOKIES.referralCode, IDENTITY_COOKIES.deleteEmail, IDENTITY_COOKIES.postLoginUrl]) {
    cookies.delete(name, { path: '/' });
  }
  // docs/decisions/017: this browser is now a known device of the account (kept after logout).
  try {
    const device = await rememberDevice(db, user.id, cookies.get(DEVICE_COOKIE)?.value);
    if (device !== null) cookies.set(DEVICE_COOKIE, device, cookieOptions(context, DEVICE_LIFETIME_SECONDS, true));
  } catch (error) {
    logError('accounts', 'remembering the device failed', error);
  }
}

/** Logout: the session ends in the store (so every tab and process using it is signed out). */
export function signOut(context: RequestContext): void {
  context.session?.destroy();
  for (const name of [IDENTITY_COOKIES.customerToken, IDENTITY_COOKIES.userLoggedIn]) {
    context.cookies.delete(name, { path: '/' });
  }
}

/** The signed-in account of this request, or null; a stale session (password changed, deleted) ends. */
export async function currentUser(context: RequestContext): Promise<UserRow | null> {
  const account = await context.session?.get('account');
  if (account === undefined || account === null) return null;
  const { db } = await getDb();
  const user = await retrieveUser(db, account.userId);
  if (user === null || user.sessionEpoch !== account.epoch) {
    context.session?.destroy();
    return null;
  }
  return user;
}

/** The signed-in account of this request; a guest is refused as not signed in (401). */
export async function requireSignedIn(context: RequestContext): Promise<UserRow> {
  const user = await currentUser(context);
  if (user === null) throw new AccountError('notSignedIn');
  return user;
}

/** After a password change on this device: keep this session, end every other (epoch bumped). */
export function refreshSessionEpoch(context: RequestContext, user: UserRow): void {
  context.session?.set('account', { userId: user.id, epoch: user.sessionEpoch });
}

/** spec 9: the delete-email cookie (1 day) remembers which account was just deleted. */
export function rememberDeletedEmail(context: RequestContext, email: string): void {
  context.cookies.set(
    IDENTITY_COOKIES.deleteEmail,
    email,
    cookieOptions(context, cookieMaxAgeSeconds('deleteEmail'), true),
  );
}
