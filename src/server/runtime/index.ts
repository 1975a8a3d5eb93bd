/**
 * The shop's web runtime: what is configured through astro:env at run time (the public origin, the
 * login throttles and their Redis, the mail transport, Google sign-in). Kept apart from the services
 * so that scripts, jobs and tests can use a service without Astro's runtime (issue 16.4).
 */
export {
  accountCheckThrottle,
  flushOutbox,
  googleSignIn,
  isDevMailboxOn,
  loginThrottle,
  mailDir,
  redeemThrottle,
} from './accounts';
export { gatewayBrowserOrigin, gatewayBrowserUrl } from './payments-gateway';
export { publicOrigin, publicUrl } from './public-origin';
