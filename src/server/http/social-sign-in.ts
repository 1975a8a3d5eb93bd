/**
 * The browser's side of "Sign in with Google" and "Continue with Facebook" (docs/decisions/055; spec 7
 * registergoogleuser and /facebook/authenticate). One GET route per provider, which is also the
 * redirect URI the provider sends the shopper back to:
 * - without `state`: a new sign-in (state, nonce and PKCE verifier kept in the session), and a 302
 *   to the provider's sign-in page;
 * - with `state` and `code` (or `error`): the return. It must match the sign-in this session started
 *   (a forged or replayed return is refused), the code is exchanged and the identity verified, the
 *   account registered or linked, and spec 4's login flow runs (src/server/http/session.ts: customer
 *   token cookie for a year, brand cookie, referral and delete-email cookies cleared); then on to the
 *   spec 2 post-login destination. A failure goes back to /login?signin=<outcome>, which says why.
 * A provider that is not configured (Facebook with FEATURE_FACEBOOK_LOGIN off) answers 404.
 */
import type { APIContext, APIRoute } from 'astro';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { postLoginDestination, safeLocalPath } from '@/domain/post-login';
import { type SocialSignInOutcome, socialSignInOutcomeOf } from '@/domain/social-sign-in';
import {
  AccountError,
  authorizationUrl,
  beginSocialSignIn,
  completeFacebookSignIn,
  completeGoogleSignIn,
  type FacebookSettings,
  type GoogleSettings,
  isReturnOf,
  type PendingSocialSignIn,
  type SocialIdentity,
  type SocialProvider,
  signInWithProvider,
} from '@/server/accounts';
import { getDb } from '@/server/db';
import { logError } from '@/server/log';
import { apiError } from './api';
import { signIn } from './session';

interface Flow<S> {
  settings: () => S | null;
  complete: (settings: S, pending: PendingSocialSignIn, code: string, redirectUri: string) => Promise<SocialIdentity>;
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

function redirect(location: string, status: 302 | 303): Response {
  return new Response(null, { status, headers: { Location: location, ...NO_STORE } });
}

const toLogin = (outcome: SocialSignInOutcome) => redirect(`/login?signin=${outcome}`, 303);

/** The route's own absolute URL without its query: the redirect URI registered with the provider. */
function redirectUriOf(context: APIContext, origin: string): string {
  return `${origin}${context.url.pathname}`;
}

function socialSignInRoute<S extends GoogleSettings | FacebookSettings>(
  provider: SocialProvider,
  flow: Flow<S>,
  publicOrigin: () => string,
): APIRoute {
  return async (context) => {
    const settings = flow.settings();
    if (settings === null) return apiError(404, 'Not found');
    const { session } = context;
    if (session === undefined) throw new Error('Astro sessions are not configured');
    const query = context.url.searchParams;
    const state = query.get('state');
    const redirectUri = redirectUriOf(context, publicOrigin());
    if (state === null) {
      const pending = beginSocialSignIn(provider, safeLocalPath(query.get('redirect')), Date.now());
      session.set('socialSignIn', pending, { ttl: Math.ceil((pending.expiresAt - Date.now()) / 1000) });
      return redirect(authorizationUrl(settings, pending, redirectUri), 302);
    }
    const pending = await session.get('socialSignIn');
    // One return per sign-in: whatever happens next, this state cannot be used again.
    session.delete('socialSignIn');
    if (!isReturnOf(pending, provider, state, Date.now())) return toLogin('socialSignInExpired');
    if (query.has('error')) return toLogin('cancelled');
    try {
      const identity = await flow.complete(settings, pending, query.get('code') ?? '', redirectUri);
      const { db } = await getDb();
      const { user } = await signInWithProvider(db, identity);
      const destination = postLoginDestination({
        redirectUrl: pending.redirect,
        postLoginUrl: context.cookies.get(IDENTITY_COOKIES.postLoginUrl)?.value,
      });
      // A provider's sign-in is remembered as remember-me is (the provider keeps its own session).
      await signIn(context, user, { rememberMe: true });
      return redirect(destination, 303);
    } catch (error) {
      if (error instanceof AccountError) return toLogin(socialSignInOutcomeOf(error.code));
      logError('accounts', `${provider} sign-in failed`, error);
      return toLogin('failed');
    }
  };
}

/** GET /api/v1/registergoogleuser: "Sign in with Google" (spec 7 registergoogleuser). */
export function googleSignInRoute(settings: () => GoogleSettings | null, publicOrigin: () => string): APIRoute {
  return socialSignInRoute('google', { settings, complete: completeGoogleSignIn }, publicOrigin);
}

/** GET /api/v1/facebook/authenticate: "Continue with Facebook" (spec 7 /facebook/authenticate). */
export function facebookSignInRoute(settings: () => FacebookSettings | null, publicOrigin: () => string): APIRoute {
  return socialSignInRoute('facebook', { settings, complete: completeFacebookSignIn }, publicOrigin);
}
