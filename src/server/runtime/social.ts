/**
 * Social sign-in's run-time wiring (docs/decisions/055): Google's and Facebook's client settings from
 * astro:env. Each endpoint is the payment sandbox's identity-provider stand-in unless set (pages the
 * shopper visits on the sandbox's browser origin, PAYMENTS_GATEWAY_URL's; calls the shop makes on its
 * server address, as the gateway's); GOOGLE_ISSUER=https://accounts.google.com makes Google's own
 * endpoints the defaults. Client credentials default to the stand-in's client outside production
 * builds; a production build offers a provider only when its client id and secret are set. Facebook
 * also needs FEATURE_FACEBOOK_LOGIN.
 */
import {
  FACEBOOK_AUTHORIZATION_URL,
  FACEBOOK_CLIENT_ID,
  FACEBOOK_CLIENT_SECRET,
  FACEBOOK_PROFILE_URL,
  FACEBOOK_TOKEN_URL,
  FEATURE_FACEBOOK_LOGIN,
  GOOGLE_AUTHORIZATION_URL,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_ISSUER,
  GOOGLE_JWKS_URL,
  GOOGLE_ONE_TAP_SCRIPT_URL,
  GOOGLE_TOKEN_URL,
} from 'astro:env/server';
import type { JWTVerifyGetKey } from 'jose';
import { STAND_IN_CLIENT, STAND_IN_PATHS } from '@/contracts/identity-provider.mjs';
import { type FacebookSettings, type GoogleSettings, googleKeySet } from '@/server/accounts';
import { serverConfig } from '@/server/config';
import { gatewayBrowserOrigin } from './payments-gateway';

/** Google's own OpenID Connect endpoints, the defaults when GOOGLE_ISSUER names Google. */
const GOOGLE = {
  issuer: 'https://accounts.google.com',
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  oneTapScriptUrl: 'https://accounts.google.com/gsi/client',
} as const;

/** The stand-in as the shopper's browser reaches it, and as this server does. */
const standInForBrowsers = (path: string) => `${gatewayBrowserOrigin()}${path}`;
const standInForServer = (path: string) => `${new URL(serverConfig().payments.gateway.serverUrl).origin}${path}`;

/** A client's id and secret: as configured, else the stand-in's outside production builds, else none. */
function credentials(id: string | undefined, secret: string | undefined): { id: string; secret: string } | null {
  if (id && secret) return { id, secret };
  if (id || secret || import.meta.env.PROD) return null;
  return { id: STAND_IN_CLIENT.id, secret: STAND_IN_CLIENT.secret };
}

const isGoogleItself = () => GOOGLE_ISSUER === GOOGLE.issuer;

let keys: { url: string; keys: JWTVerifyGetKey } | undefined;

/** "Sign in with Google" settings, or null when Google sign-in is not configured. */
export function googleSignIn(): GoogleSettings | null {
  const client = credentials(GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET);
  if (client === null) return null;
  const google = isGoogleItself();
  const jwksUrl = GOOGLE_JWKS_URL || (google ? GOOGLE.jwksUrl : standInForServer(STAND_IN_PATHS.google.jwks));
  if (keys?.url !== jwksUrl) keys = { url: jwksUrl, keys: googleKeySet(jwksUrl) };
  return {
    clientId: client.id,
    clientSecret: client.secret,
    issuer: GOOGLE_ISSUER || standInForBrowsers(STAND_IN_PATHS.google.issuerPath),
    authorizationUrl:
      GOOGLE_AUTHORIZATION_URL ||
      (google ? GOOGLE.authorizationUrl : standInForBrowsers(STAND_IN_PATHS.google.authorize)),
    tokenUrl: GOOGLE_TOKEN_URL || (google ? GOOGLE.tokenUrl : standInForServer(STAND_IN_PATHS.google.token)),
    keys: keys.keys,
  };
}

/** Google one-tap (spec 6: guests only): the client id and Google's script, or null when not configured. */
export function googleOneTap(): { clientId: string; scriptUrl: string } | null {
  const google = googleSignIn();
  const scriptUrl = GOOGLE_ONE_TAP_SCRIPT_URL || (isGoogleItself() ? GOOGLE.oneTapScriptUrl : '');
  if (google === null || !URL.canParse(scriptUrl)) return null;
  return { clientId: google.clientId, scriptUrl };
}

/** "Continue with Facebook" settings, or null when FEATURE_FACEBOOK_LOGIN is off or it is not configured. */
export function facebookSignIn(): FacebookSettings | null {
  if (!FEATURE_FACEBOOK_LOGIN) return null;
  const client = credentials(FACEBOOK_CLIENT_ID, FACEBOOK_CLIENT_SECRET);
  if (client === null) return null;
  return {
    clientId: client.id,
    clientSecret: client.secret,
    authorizationUrl: FACEBOOK_AUTHORIZATION_URL || standInForBrowsers(STAND_IN_PATHS.facebook.authorize),
    tokenUrl: FACEBOOK_TOKEN_URL || standInForServer(STAND_IN_PATHS.facebook.token),
    profileUrl: FACEBOOK_PROFILE_URL || standInForServer(STAND_IN_PATHS.facebook.me),
  };
}
