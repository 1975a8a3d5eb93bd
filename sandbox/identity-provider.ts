/**
 * The identity-provider stand-in (docs/decisions/055-social-sign-in-against-a-stand-in.md): Google's
 * OpenID Connect provider and Facebook's OAuth dialog as far as the shop uses them, on the sandbox's
 * own origin (paths in src/contracts/identity-provider.ts):
 * - Google: discovery, `authorize` (a page where the tester picks an account), `token` (code for an
 *   RS256 ID token, PKCE S256 checked) and `jwks` (the public half of a key made when the app starts);
 * - Facebook: the `dialog/oauth` page, `oauth/access_token` (code for an access token, PKCE checked
 *   when the dialog was given a challenge) and `me` (the profile, email included unless withheld).
 * Codes are single use and live 5 minutes; everything is kept in this app's memory, so a restart
 * forgets codes and makes a new signing key (the shop fetches the key set again for an unknown key).
 * The clients' secret is STAND_IN_CLIENT's; a redirect URI must be on one of the shop's origins.
 */
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { STAND_IN_CLIENT, STAND_IN_MAGIC, STAND_IN_PATHS } from '@/contracts/identity-provider.mjs';
import { json } from './http';
import { isShopUrl, type SandboxSite } from './settings';

export type IdentityProviderName = 'google' | 'facebook';

/** What the authorize page was asked for (its query, carried through its form). */
export interface AuthorizeRequest {
  provider: IdentityProviderName;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** The account the tester picked on the page. */
export interface StandInAccount {
  email: string;
  firstName: string;
  lastName: string;
}

interface Grant {
  request: AuthorizeRequest;
  account: StandInAccount;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 5 * 60_000;
const TOKEN_LIFETIME_S = 60 * 60;
const KEY_ID = 'stand-in-1';

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
/** A stable subject per provider and email, as a provider's user id is stable. */
const subjectOf = (provider: IdentityProviderName, email: string) =>
  BigInt(`0x${createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 15)}`).toString();

/** The authorize request's parameters, or why they will not do (shown on the page, never redirected). */
export function readAuthorizeRequest(
  provider: IdentityProviderName,
  read: (name: string) => string,
  site: SandboxSite,
): AuthorizeRequest | string {
  const request: AuthorizeRequest = {
    provider,
    clientId: read('client_id'),
    redirectUri: read('redirect_uri'),
    state: read('state'),
    nonce: read('nonce'),
    codeChallenge: read('code_challenge'),
    codeChallengeMethod: read('code_challenge_method'),
  };
  if (request.clientId !== STAND_IN_CLIENT.id) return 'The client_id is not one this stand-in knows.';
  if (!isShopUrl(request.redirectUri, site)) return "The redirect_uri is not on one of the shop's origins.";
  if (provider === 'google' && read('response_type') !== 'code') return 'Only response_type=code is supported.';
  if (request.state === '') return 'A state is required.';
  // Google's flow must use PKCE here (the shop always sends it); Facebook's may.
  const needsChallenge = provider === 'google' || request.codeChallenge !== '' || request.codeChallengeMethod !== '';
  if (needsChallenge && (request.codeChallenge === '' || request.codeChallengeMethod !== 'S256')) {
    return 'A code_challenge with code_challenge_method=S256 is required.';
  }
  return request;
}

/** Where the browser goes back to: the shop's redirect URI with these parameters. */
function back(request: AuthorizeRequest, params: Record<string, string>): string {
  const url = new URL(request.redirectUri);
  for (const [name, value] of Object.entries({ ...params, state: request.state })) url.searchParams.set(name, value);
  return url.href;
}

/** The stand-in's state and calls for one sandbox app. */
export function createIdentityProvider(site: SandboxSite) {
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, { account: StandInAccount; expiresAt: number }>();
  let keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;
  const signingKey = () => {
    keys ??= generateKeyPair('RS256', { extractable: true }).then(async ({ privateKey, publicKey }) => ({
      privateKey,
      jwk: { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' },
    }));
    return keys;
  };
  const issuer = `${site.publicUrl}${STAND_IN_PATHS.google.issuerPath}`;

  function forget(now: number) {
    for (const [code, grant] of grants) if (grant.expiresAt < now) grants.delete(code);
    for (const [token, held] of accessTokens) if (held.expiresAt < now) accessTokens.delete(token);
  }

  /** A single-use code for the picked account: the URL the browser is sent back to. */
  function approve(request: AuthorizeRequest, account: StandInAccount): string {
    const now = Date.now();
    forget(now);
    const code = random();
    grants.set(code, { request, account, expiresAt: now + CODE_LIFETIME_MS });
    return back(request, { code });
  }

  /** The tester declined: back to the shop with OAuth's access_denied. */
  function decline(request: AuthorizeRequest): string {
    return back(request, { error: 'access_denied' });
  }

  /** The grant a code stands for, checked against the client, redirect URI and PKCE verifier; used up. */
  function redeem(
    provider: IdentityProviderName,
    read: (name: string) => string,
    basic: { id: string; secret: string } | null,
  ): Grant | Response {
    const clientId = basic?.id ?? read('client_id');
    const secret = basic?.secret ?? read('client_secret');
    if (clientId !== STAND_IN_CLIENT.id || secret !== STAND_IN_CLIENT.secret) {
      return json({ error: 'invalid_client' }, 401);
    }
    const code = read('code');
    const grant = grants.get(code);
    grants.delete(code);
    const refused = json({ error: 'invalid_grant' }, 400);
    if (grant === undefined || grant.expiresAt < Date.now() || grant.request.provider !== provider) return refused;
    if (grant.request.redirectUri !== read('redirect_uri')) return refused;
    if (grant.request.codeChallenge !== '' && s256(read('code_verifier')) !== grant.request.codeChallenge) {
      return refused;
    }
    return grant;
  }

  /** POST /idp/google/token: grant_type=authorization_code; client_secret_post or HTTP Basic. */
  async function googleToken(request: Request): Promise<Response> {
    if (request.method !== 'POST') return json({ error: 'invalid_request' }, 405);
    const form = new URLSearchParams(await request.text());
    if (form.get('grant_type') !== 'authorization_code') return json({ error: 'unsupported_grant_type' }, 400);
    const grant = redeem('google', (name) => form.get(name) ?? '', basicAuth(request));
    if (grant instanceof Response) return grant;
    const { account, request: asked } = grant;
    const now = Math.floor(Date.now() / 1000);
    const expired = account.email.startsWith(STAND_IN_MAGIC.expiredToken);
    const idToken = await new SignJWT({
      email: account.email,
      email_verified: true,
      given_name: account.firstName,
      family_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`.trim(),
      ...(asked.nonce ? { nonce: asked.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(asked.clientId)
      .setSubject(subjectOf('google', account.email))
      .setIssuedAt(expired ? now - 2 * TOKEN_LIFETIME_S : now)
      .setExpirationTime(expired ? now - TOKEN_LIFETIME_S : now + TOKEN_LIFETIME_S)
      .sign((await signingKey()).privateKey);
    return json({
      access_token: random(),
      token_type: 'Bearer',
      expires_in: TOKEN_LIFETIME_S,
      scope: 'openid email profile',
      id_token: idToken,
    });
  }

  /** GET /idp/facebook/oauth/access_token (Facebook takes the exchange as a GET with a query). */
  function facebookToken(request: Request): Response {
    const query = new URL(request.url).searchParams;
    const grant = redeem('facebook', (name) => query.get(name) ?? '', null);
    if (grant instanceof Response) return grant;
    const token = random();
    accessTokens.set(token, { account: grant.account, expiresAt: Date.now() + TOKEN_LIFETIME_S * 1000 });
    return json({ access_token: token, token_type: 'bearer', expires_in: TOKEN_LIFETIME_S });
  }

  /** GET /idp/facebook/me?fields=…: the profile behind an access token (query or Bearer header). */
  function facebookMe(request: Request): Response {
    const url = new URL(request.url);
    const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
    const held = accessTokens.get(url.searchParams.get('access_token') ?? bearer ?? '');
    if (held === undefined || held.expiresAt < Date.now()) {
      return json({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }, 401);
    }
    const { account } = held;
    return json({
      id: subjectOf('facebook', account.email),
      first_name: account.firstName,
      last_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`.trim(),
      ...(account.email.startsWith(STAND_IN_MAGIC.noEmail) ? {} : { email: account.email }),
    });
  }

  async function jwks(): Promise<Response> {
    return json({ keys: [(await signingKey()).jwk] });
  }

  function discovery(): Response {
    return json({
      issuer,
      authorization_endpoint: `${site.publicUrl}${STAND_IN_PATHS.google.authorize}`,
      token_endpoint: `${site.publicUrl}${STAND_IN_PATHS.google.token}`,
      jwks_uri: `${site.publicUrl}${STAND_IN_PATHS.google.jwks}`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    });
  }

  /** The JSON calls (the pages are ./pages/identity-provider-sign-in.tsx's), by path; null for another path. */
  function call(request: Request): Promise<Response> | Response | null {
    const path = new URL(request.url).pathname;
    if (path === STAND_IN_PATHS.google.token) return googleToken(request);
    if (path === STAND_IN_PATHS.google.jwks) return jwks();
    if (path === STAND_IN_PATHS.google.discovery) return discovery();
    if (path === STAND_IN_PATHS.facebook.token) return facebookToken(request);
    if (path === STAND_IN_PATHS.facebook.me) return facebookMe(request);
    return null;
  }

  return { approve, decline, call };
}

export type IdentityProvider = ReturnType<typeof createIdentityProvider>;

/** HTTP Basic client credentials (client_secret_basic), or null. */
function basicAuth(request: Request): { id: string; secret: string } | null {
  const header = request.headers.get('authorization') ?? '';
  if (!header.startsWith('Basic ')) return null;
  const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
  return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
}
