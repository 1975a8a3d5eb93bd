/**
 * Where the shopper's browser reaches the payment gateway (PAYMENTS_GATEWAY_URL, read at run time):
 * the payment sandbox, an app of its own on its own origin, by default
 * (docs/decisions/035-sandbox-as-its-own-app.md). The checkout and add-on pages hand it to their
 * islands; the middleware lets pages connect to its origin (Content Security Policy).
 */
import { PAYMENTS_GATEWAY_URL } from 'astro:env/server';

/** The gateway's base URL for browsers, without a trailing slash. */
export function gatewayBrowserUrl(): string {
  return PAYMENTS_GATEWAY_URL.replace(/\/+$/, '');
}

/** Its origin, the one source the pages' connect-src adds for it. */
export function gatewayBrowserOrigin(): string {
  return new URL(PAYMENTS_GATEWAY_URL).origin;
}
