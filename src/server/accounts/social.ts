/**
 * "Sign in with Google" and "Continue with Facebook" as redirect flows (docs/decisions/055; spec 7
 * registergoogleuser and /facebook/authenticate): OAuth 2.0 authorization code with PKCE (RFC 7636,
 * S256) and a `state` against cross-site request forgery; Google's as OpenID Connect, its ID token
 * verified for signature, issuer, audience, expiry and the `nonce` sent. Every endpoint comes from the
 * settings (the identity-provider stand-in's by default, Google's and Facebook's when configured).
 * Any failure of Google's flow is AccountError('invalidGoogleToken') (spec 8), Facebook's
 * 'facebookSignInFailed'.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { JWTVerifyGetKey } from 'jose';
import { AccountError } from '@/domain/errors';
import { verifyGoogleIdToken } from './google';

export type SocialProvider = 'google' | 'facebook';

/** Google's OpenID Connect client settings. */
export interface GoogleSettings {
  clientId: string;
  clientSecret: string;
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  keys: JWTVerifyGetKey;
}

/** Facebook Login's client settings (its OAuth dialog, token exchange and Graph `me`). */
export interface FacebookSettings {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  profileUrl: string;
}

/** Who the provider says signed in: a verified email and the names it shares. */
export interface SocialIdentity {
  provider: SocialProvider;
  email: string;
  firstName: string;
  lastName: string;
}

/** What the shop keeps (in the session) between sending the shopper off and their return. */
export interface PendingSocialSignIn {
  provider: SocialProvider;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** A same-site path to go on to afterwards (checked again at the end), or null. */
  redirect: string | null;
  expiresAt: number;
}

/** How long a shopper may take on the provider's page. */
export const SOCIAL_SIGN_IN_LIFETIME_MS = 10 * 60_000;
/** How long a call to the provider is waited for. */
const PROVIDER_TIMEOUT_MS = 10_000;

const random = () => randomBytes(32).toString('base64url');

/** A new pending sign-in: fresh state, nonce and PKCE verifier. */
export function beginSocialSignIn(provider: SocialProvider, redirect: string | null, now: number): PendingSocialSignIn {
  return {
    provider,
    state: random(),
    nonce: random(),
    codeVerifier: random(),
    redirect,
    expiresAt: now + SOCIAL_SIGN_IN_LIFETIME_MS,
  };
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** Where the shopper is sent to sign in with the provider; it sends them back to `redirectUri`. */
export function authorizationUrl(
  settings: GoogleSettings | FacebookSettings,
  pending: PendingSocialSignIn,
  redirectUri: string,
): string {
  const url = new URL(settings.authorizationUrl);
  const params: Record<string, string> = {
    client_id: settings.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state: pending.state,
    code_challenge: challengeOf(pending.codeVerifier),
    code_challenge_method: 'S256',
    ...(pending.provider === 'google'
      ? { scope: 'openid email profile', nonce: pending.nonce, prompt: 'select_account' }
      : { scope: 'email,public_profile' }),
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Whether the provider's return belongs to this pending sign-in: the same provider, the state sent
 * (compared in full), and not expired. A forged or replayed return fails here.
 */
export function isReturnOf(
  pending: PendingSocialSignIn | null | undefined,
  provider: SocialProvider,
  state: string,
  now: number,
): pending is PendingSocialSignIn {
  return (
    pending !== null &&
    pending !== undefined &&
    pending.provider === provider &&
    pending.expiresAt > now &&
    state.length === pending.state.length &&
    state === pending.state
  );
}

async function providerJson(url: string, init: RequestInit): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Google's return: the code exchanged for an ID token (PKCE verifier, client secret), then verified. */
export async function completeGoogleSignIn(
  settings: GoogleSettings,
  pending: PendingSocialSignIn,
  code: string,
  redirectUri: string,
): Promise<SocialIdentity> {
  const answer = await providerJson(settings.tokenUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      code_verifier: pending.codeVerifier,
    }),
  });
  const idToken = answer?.id_token;
  if (typeof idToken !== 'string') throw new AccountError('invalidGoogleToken');
  const identity = await verifyGoogleIdToken(idToken, {
    clientId: settings.clientId,
    keys: settings.keys,
    issuer: settings.issuer,
    nonce: pending.nonce,
  });
  return { provider: 'google', email: identity.email, firstName: identity.firstName, lastName: identity.lastName };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * Facebook's return: the code exchanged for an access token, then the profile read from Graph's `me`.
 * Facebook shares an email only when the person allows it: without one, no account can be made.
 */
export async function completeFacebookSignIn(
  settings: FacebookSettings,
  pending: PendingSocialSignIn,
  code: string,
  redirectUri: string,
): Promise<SocialIdentity> {
  const exchange = new URL(settings.tokenUrl);
  for (const [name, value] of Object.entries({
    client_id: settings.clientId,
    client_secret: settings.clientSecret,
    redirect_uri: redirectUri,
    code,
    code_verifier: pending.codeVerifier,
  })) {
    exchange.searchParams.set(name, value);
  }
  const token = await providerJson(exchange.href, { headers: { Accept: 'application/json' } });
  const accessToken = token?.access_token;
  if (typeof accessToken !== 'string') throw new AccountError('facebookSignInFailed');
  const me = new URL(settings.profileUrl);
  me.searchParams.set('fields', 'id,email,first_name,last_name');
  const profile = await providerJson(me.href, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${accessToken}` },
  });
  if (profile === null || typeof profile.id !== 'string') throw new AccountError('facebookSignInFailed');
  const email = typeof profile.email === 'string' ? profile.email.trim().toLowerCase() : '';
  if (!EMAIL_SHAPE.test(email)) throw new AccountError('facebookEmailWithheld');
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 60) : '');
  return { provider: 'facebook', email, firstName: text(profile.first_name), lastName: text(profile.last_name) };
}
