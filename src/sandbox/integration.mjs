// @ts-check
/**
 * Issue 16.5: the payment sandbox is an app of its own beside the shop. Its pages and gateway
 * endpoints live in src/sandbox/routes and are added to the site by this integration, unless
 * PAYMENTS_SANDBOX=false at build time: then the shop builds and serves without them (/sandbox/* is a 404)
 * and PAYMENTS_GATEWAY_URL points at a real provider.
 */

/** The sandbox's routes: the gateway's HTTP endpoints and the approval pages a shopper is sent to. */
/** @type {ReadonlyArray<readonly [string, string]>} */
const ROUTES = [
  // The gateway's server-to-server API, which the shop's payment providers call (server key needed).
  ['/sandbox/gateway/[...path]', 'gateway/[...path].ts'],
  ['/sandbox/bt/tokenize', 'bt/tokenize.ts'],
  ['/sandbox/wallets/tokenize', 'wallets/tokenize.ts'],
  ['/sandbox/paypal/payments', 'paypal/payments.ts'],
  ['/sandbox/paypal/approve', 'paypal/approve.astro'],
  ['/sandbox/klarna/hpp/[id]', 'klarna/hpp/[id].astro'],
  ['/sandbox/clearpay/checkout/[token]', 'clearpay/checkout/[token].astro'],
];

/** @returns {import('astro').AstroIntegration} */
export function paymentSandbox({ enabled = process.env.PAYMENTS_SANDBOX !== 'false' } = {}) {
  return {
    name: 'tuppence-payment-sandbox',
    hooks: {
      'astro:config:setup': ({ injectRoute, logger }) => {
        if (!enabled) {
          logger.info('PAYMENTS_SANDBOX=false: the payment sandbox is left out of this build');
          return;
        }
        for (const [pattern, file] of ROUTES) {
          injectRoute({ pattern, entrypoint: new URL(`./routes/${file}`, import.meta.url), prerender: false });
        }
      },
    },
  };
}
