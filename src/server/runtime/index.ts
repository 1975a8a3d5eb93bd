/**
 * The shop's web runtime: what the site is wired with at run time (the public origin, the login
 * throttles and their Redis, the mail transport, Google sign-in, the gateway's browser URL), from the
 * shop's configuration (src/server/config.ts) and the site's own astro:env. Kept apart from the
 * services because astro:env exists only inside Astro, so that scripts, jobs and tests can use a
 * service without Astro's runtime (docs/decisions/039-configuration-declared-once.md).
 */
export {
  accountCheckThrottle,
  flushOutbox,
  isDevMailboxOn,
  loginThrottle,
  mailDir,
  redeemThrottle,
} from './accounts';
export { gatewayBrowserOrigin, gatewayBrowserUrl } from './payments-gateway';
export { publicOrigin, publicUrl } from './public-origin';
export { facebookSignIn, googleOneTap, googleSignIn } from './social';
