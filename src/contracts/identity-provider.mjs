/**
 * The identity-provider stand-in (docs/decisions/055-social-sign-in-against-a-stand-in.md): the payment
 * sandbox also plays Google's OpenID Connect provider and Facebook's OAuth dialog, so "Sign in with
 * Google" and "Continue with Facebook" run their real redirect flows on a developer's machine and in
 * tests with nothing leaving it. The shop (src/server/runtime/social.ts), the sandbox
 * (sandbox/identity-provider.ts) and the end-to-end server (scripts/e2e-server.mjs, plain JavaScript,
 * hence this file's) agree on these paths and on the one client the stand-in knows.
 */

/** The stand-in's paths on the sandbox's origin. Google's issuer is the origin plus `google.issuerPath`. */
export const STAND_IN_PATHS = /** @type {const} */ ({
  google: {
    issuerPath: '/idp/google',
    discovery: '/idp/google/.well-known/openid-configuration',
    authorize: '/idp/google/authorize',
    token: '/idp/google/token',
    jwks: '/idp/google/jwks',
  },
  facebook: {
    authorize: '/idp/facebook/dialog/oauth',
    token: '/idp/facebook/oauth/access_token',
    me: '/idp/facebook/me',
  },
});

/**
 * The one client the stand-in knows, for both providers: the shop's default credentials outside a
 * production build (a production build needs GOOGLE_CLIENT_ID / FACEBOOK_CLIENT_ID set). Not a secret:
 * it opens nothing but the stand-in.
 */
export const STAND_IN_CLIENT = /** @type {const} */ ({
  id: 'tuppence-local-client',
  secret: 'tuppence-local-client-secret',
});

/**
 * Test accounts with a behaviour, as the payment sandbox has magic card nonces: an email starting
 * `expired-token` gets a Google ID token that expired an hour ago; `no-email` gets a Facebook profile
 * without an email (the person declined to share it).
 */
export const STAND_IN_MAGIC = /** @type {const} */ ({ expiredToken: 'expired-token', noEmail: 'no-email' });
