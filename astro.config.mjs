// @ts-check
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig, envField } from 'astro/config';
import { SITE_CHUNKS } from './scripts/build/site-chunk.mjs';
import { mediaDir, mediaHandler } from './scripts/serve/media.mjs';
import { CONSENT_OPENER } from './src/components/marketing/consent-opener.mjs';
import { SANDBOX_LOCAL_PORT, SHOP_LOCAL_ORIGIN } from './src/contracts/local-addresses.mjs';

/** Decision 032: BaseLayout's inline style, byte for byte, and its hash for the Content Security Policy. */
const LAYER_ORDER = '@layer reset, tokens, base, components, utilities;';
/** @type {(source: string) => `sha256-${string}`} */
const cspHash = (source) => `sha256-${createHash('sha256').update(source).digest('base64')}`;

// No `site`: it would be frozen at build time. Absolute URLs come from SITE_URL at run time
// (src/server/config.ts); which Host names are served is checked by scripts/http-edge.mjs.
/**
 * Decision 023: @astrojs/sitemap writes /sitemap-pages-0.xml at build for the content pages
 * that are files in the build: /page/{slug} (read from src/content/pages), /faqs, /merchantfaqs,
 * /refer-a-friend and the affiliates page. Pages behind a run-time switch (the pay-later FAQ) are left
 * out. The origin is SITE_URL at build time (as the build's environment has it, else the shop's default
 * from src/contracts/local-addresses.mjs), given to this integration only: `site` stays unset so every
 * other absolute URL keeps following SITE_URL at run time. /sitemap-index.xml lists the file.
 */
function contentPagesSitemap() {
  const origin = process.env.SITE_URL || SHOP_LOCAL_ORIGIN;
  const dir = new URL('./src/content/pages/', import.meta.url);
  const ownRoutes = new Set(['refer-a-friend', 'affiliates', 'claim-my-gift']);
  const pagePaths = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => readFileSync(new URL(name, dir), 'utf8'))
    .filter((text) => !/^requiresSwitch:/m.test(text))
    .map((text) => /^slug:\s*(\S+)\s*$/m.exec(text)?.[1])
    .filter((slug) => slug !== undefined && !ownRoutes.has(slug))
    .map((slug) => `/page/${slug}`);
  const paths = new Set([...pagePaths, '/faqs', '/merchantfaqs', '/refer-a-friend', '/guides/affiliates-tuppence']);
  const integration = sitemap({
    filenameBase: 'sitemap-pages',
    customPages: [...pagePaths, '/guides/affiliates-tuppence'].map((path) => new URL(path, origin).href),
    filter: (page) => paths.has(new URL(page).pathname.replace(/\/$/, '')),
    // The pages answer (and name as canonical) their paths without a trailing slash.
    serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, '') }),
  });
  const configDone = integration.hooks['astro:config:done'];
  integration.hooks['astro:config:done'] = (params) =>
    configDone?.({ ...params, config: { ...params.config, site: origin } });
  return integration;
}

/**
 * Deal pictures are files in the media folder, answered before Astro by scripts/serve/media.mjs under
 * `npm start` (docs/decisions/036-demo-data-outside-the-shop.md); `astro dev` answers them the same way.
 * @returns {import('astro').AstroIntegration}
 */
function mediaInDev() {
  return {
    name: 'tuppence-media',
    hooks: { 'astro:server:setup': ({ server }) => void server.middlewares.use(mediaHandler(mediaDir())) },
  };
}

/**
 * Decision 068: `client:interact`, hydrating an island in view at load on the shopper's first touch of
 * it (src/islands/hydrate-on-interaction.ts), so React is not loaded for the first paint.
 * @returns {import('astro').AstroIntegration}
 */
function hydrateOnInteraction() {
  return {
    name: 'tuppence-hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) =>
        addClientDirective({
          name: 'interact',
          // A path: Astro bundles it with esbuild, which does not resolve file: URLs.
          entrypoint: fileURLToPath(new URL('./src/islands/hydrate-on-interaction.ts', import.meta.url)),
        }),
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Sitemaps are dynamic routes (/sitemap-index.xml, /sitemaps/*): the catalogue lives in the database;
  // the content pages' sitemap is written at build by @astrojs/sitemap (contentPagesSitemap above).
  // Islands run on React 19 in the server and the browser (decision 018). The payment sandbox is an
  // app of its own (sandbox/, decision 035): nothing of it is part of this build.
  integrations: [react(), hydrateOnInteraction(), contentPagesSitemap(), mediaInDev()],
  trailingSlash: 'ignore',
  // spec 9: shared listing pages are cached for 1200 s; personal parts come from islands.
  // The provider is Astro's memory cache keyed also by brand and location cookies (route-cache.ts).
  cache: {
    provider: {
      name: 'variant-memory',
      entrypoint: new URL('./src/server/http/route-cache.ts', import.meta.url),
      config: { max: 5000 },
    },
  },
  // Cross-site form posts are refused by our own middleware (src/server/http/origin-check.ts), the
  // same rule as Astro's checkOrigin with one exemption: RFC 8058 one-click unsubscribe (decision 025).
  // Decision 032: a Content Security Policy on every page (a meta element Astro writes): scripts and
  // styles only from this origin or by the hash Astro computes for what it inlines (and
  // src/components/common/InlineScript.astro for the few scripts a page writes itself); no
  // 'unsafe-inline'. Sent as a header (so frame-ancestors holds); the edge sends frame-ancestors alone
  // on static files, which Astro's policy replaces on every page.
  security: {
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "font-src 'self'",
        // Google Pay's payment method manifest (checkout) and Google one-tap (when configured); the
        // payment gateway's browser origin (PAYMENTS_GATEWAY_URL) is added by the middleware.
        "connect-src 'self' https://google.com https://pay.google.com https://accounts.google.com",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ],
      // The one inline style Astro does not write itself: BaseLayout's cascade layer order.
      styleDirective: { hashes: [cspHash(LAYER_ORDER)] },
      // The one inline script: the consent banner's opener, run with the first paint (decision 025).
      scriptDirective: { hashes: [cspHash(CONSENT_OPENER)] },
    },
  },
  // Accounts (decision 009): sessions on files by default, on Redis when REDIS_URL is set (chosen at run
  // time by the driver). SameSite Lax and HttpOnly; Secure in production builds.
  session: {
    driver: { entrypoint: new URL('./src/server/http/session-driver.ts', import.meta.url) },
    cookie: { name: 'tuppence_session', sameSite: 'lax', path: '/', maxAge: 30 * 24 * 60 * 60 },
    ttl: 30 * 24 * 60 * 60,
  },
  // What only the site reads (its pages, components and middleware), typed and read at run time. The
  // variables the server's services, jobs and scripts read too (SITE_URL, DATABASE_URL, REDIS_URL,
  // SMTP_URL, MAIL_DIR, LOG_LEVEL, the gateway client's settings, ...) are declared once in
  // src/server/config.ts instead, and the site reads them through it (docs/decisions/039).
  env: {
    // access 'secret' means "read at run time", not "hidden": these switches change without a rebuild.
    schema: {
      // spec 9 feature switches for the default brand, with their defaults.
      FEATURE_PAY_LATER_FAQ_LINK: envField.boolean({ context: 'server', access: 'secret', default: false }),
      FEATURE_IRELAND_TRAVEL_ORDER: envField.boolean({ context: 'server', access: 'secret', default: false }),
      FEATURE_COUNTDOWN_BAR: envField.boolean({ context: 'server', access: 'secret', default: false }),
      FEATURE_PAY_LATER_FOOTER: envField.boolean({ context: 'server', access: 'secret', default: true }),
      FEATURE_APP_STORE_COLUMN: envField.boolean({ context: 'server', access: 'secret', default: true }),
      FEATURE_CAREERS_COLUMN: envField.boolean({ context: 'server', access: 'secret', default: false }),
      FEATURE_HIDE_LOCAL_MENU_ITEM: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // An ISO date-time that pins "now" for seasonal themes (previews and tests). Themes only.
      THEME_CLOCK: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Lets ?clock= preview themes in a production build (the e2e server sets it).
      THEME_PREVIEW: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // Bearer token for the operator endpoints under /api/internal; unset, they answer 404.
      OPERATOR_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The merchant dashboard link; this shop's own dashboard unless a separate one is configured.
      MERCHANT_DASHBOARD_URL: envField.string({ context: 'server', access: 'secret', default: '/merchant' }),
      // A raster tile URL for the map view in production ({z}/{x}/{y}); unset, the map draws the site's
      // own UK outline and needs no network (docs/decisions/022).
      MAP_TILE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAP_TILE_ATTRIBUTION: envField.string({ context: 'server', access: 'secret', default: '' }),
      // Accounts (docs/decisions/009): the dev mailbox page, read at run time.
      DEV_MAILBOX: envField.boolean({ context: 'server', access: 'secret', optional: true }),
      // Social sign-in (docs/decisions/055, src/server/runtime/social.ts): every endpoint is the payment
      // sandbox's identity-provider stand-in unless set; GOOGLE_ISSUER=https://accounts.google.com
      // makes Google's own the defaults. Client id and secret default to the stand-in's client outside
      // production builds; a production build signs in with Google or Facebook only when they are set.
      GOOGLE_CLIENT_ID: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_CLIENT_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_ISSUER: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_AUTHORIZATION_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_TOKEN_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_JWKS_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Google's one-tap script; with Google's own issuer, https://accounts.google.com/gsi/client. Unset
      // (the stand-in has no one-tap), no page loads it.
      GOOGLE_ONE_TAP_SCRIPT_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      FACEBOOK_CLIENT_ID: envField.string({ context: 'server', access: 'secret', optional: true }),
      FACEBOOK_CLIENT_SECRET: envField.string({ context: 'server', access: 'secret', optional: true }),
      FACEBOOK_AUTHORIZATION_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      FACEBOOK_TOKEN_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      FACEBOOK_PROFILE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      // The tag manager script that reads the dataLayer; loaded only with marketing consent.
      TAG_MANAGER_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      FEATURE_FACEBOOK_LOGIN: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // spec 4: email confirmation for buyers without a password or third-party login (checkout).
      CHECKOUT_EMAIL_CONFIRMATION: envField.boolean({ context: 'server', access: 'secret', default: true }),
      // Payments: where the shopper's browser reaches the payment gateway (tokenise a card, PayPal's
      // create call, the wallets' sheet), read at run time and handed to the islands as a prop. The
      // payment sandbox, an app of its own, by default (decision 035); a real provider changes this,
      // not code (docs/decisions/013). Its origin joins the pages' connect-src (src/middleware.ts).
      PAYMENTS_GATEWAY_URL: envField.string({
        context: 'server',
        access: 'secret',
        url: true,
        default: `http://localhost:${SANDBOX_LOCAL_PORT}`,
      }),
      // Google Pay at checkout (decision 016): on, the checkout asks the browser (the Payment Request
      // API's canMakePayment, which fetches Google's payment method manifest) and offers Google Pay where
      // it can pay; off, no request for Google Pay is made and it is never offered.
      FEATURE_GOOGLE_PAY: envField.boolean({ context: 'server', access: 'secret', default: false }),
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
    // Decision 025: the site script every page loads stays a cached module file, never copied inline
    // into each page's HTML (other assets keep Vite's default rule). Decision 064: so does the header's;
    // decision 069: and the listings' (deal impressions, 1.3 KB in each listing page's HTML) and the
    // layout's (remembering the location).
    build: {
      assetsInlineLimit: (file) =>
        /(ConsentBanner|Header|ListingPage|BaseLayout)\.astro_astro_type_script/.test(file) ? false : undefined,
      // Decision 070: what the page scripts share comes in two chunks, not forty.
      rolldownOptions: { output: { codeSplitting: SITE_CHUNKS } },
    },
  },
});
