/**
 * Where the shop and its payment sandbox answer on a developer's machine when nothing says otherwise:
 * the defaults of SITE_URL (the shop's public origin) and SANDBOX_PORT (where the sandbox listens).
 * The shop's configuration (src/server/config.ts), the sandbox's settings (sandbox/settings.ts) and
 * the plain Node scripts that start them before any TypeScript is loaded (scripts/start.mjs,
 * scripts/http-edge.mjs, astro.config.mjs) must agree on them, so they are written once here, in plain
 * JavaScript that all of them can import (docs/decisions/039-configuration-declared-once.md).
 */

/** The shop's public origin when SITE_URL is unset: `npm start` serves it on localhost:4321. */
export const SHOP_LOCAL_ORIGIN = 'http://localhost:4321';

/** The port the payment sandbox listens on when SANDBOX_PORT is unset (`npm start` runs it there). */
export const SANDBOX_LOCAL_PORT = 4322;
