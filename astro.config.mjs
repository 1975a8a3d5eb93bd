// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';
import { paymentSandbox } from './src/sandbox/integration.mjs';

// No `site`: it would be frozen at build time. Absolute URLs come from SITE_URL at run time
// (src/server/runtime/public-origin.ts); which Host names are served is checked by scripts/http-edge.mjs.
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // Sitemaps are dynamic routes (/sitemap-index.xml, /sitemaps/*): the catalogue lives in the database.
  // Islands run on React 19 in the server and the browser (decision 018).
  // The payment sandbox (issue 16.5) is an app of its own, its routes added unless PAYMENTS_SANDBOX=false.
  integrations: [react(), paymentSandbox()],
  trailingSlash: 'ignore',
  // spec 9: shared listing pages are cached for 1200 s; personal parts come from islands.
  // The provider is Astro's memory cache keyed also by brand and location cookies (variant-cache.ts).
  cache: {
    provider: {
      name: 'variant-memory',
      entrypoint: new URL('./src/server/cache/variant-cache.ts', import.meta.url),
      config: { max: 5000 },
    },
  },
  security: { checkOrigin: true },
  // Accounts (issue 6): sessions on files by default, on Redis when REDIS_URL is set (chosen at run
  // time by the driver). SameSite Lax and HttpOnly; Secure in production builds (docs/decisions/006).
  session: {
    driver: { entrypoint: new URL('./src/server/session/driver.ts', import.meta.url) },
    cookie: { name: 'tuppence_session', sameSite: 'lax', path: '/', maxAge: 30 * 24 * 60 * 60 },
    ttl: 30 * 24 * 60 * 60,
  },
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
      // An ISO date-time that pins "now" for seasonal themes (previews and tests). Themes only (issue 14.12).
      THEME_CLOCK: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Issue 14.12: lets ?clock= preview themes in a production build (the e2e server sets it).
      THEME_PREVIEW: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // Issue 14.1: the public origin every absolute URL and emailed link is built from, read at run time.
      SITE_URL: envField.string({ context: 'server', access: 'secret', url: true, default: 'http://localhost:4321' }),
      // Bearer token for the operator endpoints under /api/internal; unset, they answer 404.
      OPERATOR_TOKEN: envField.string({ context: 'server', access: 'secret', optional: true }),
      // Issue 23: the merchant dashboard link; this shop's own dashboard unless a separate one is configured.
      MERCHANT_DASHBOARD_URL: envField.string({ context: 'server', access: 'secret', default: '/merchant' }),
      // Accounts (issue 6), read at run time.
      REDIS_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      SMTP_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      MAIL_DIR: envField.string({ context: 'server', access: 'secret', default: '.data/mail' }),
      DEV_MAILBOX: envField.boolean({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_CLIENT_ID: envField.string({ context: 'server', access: 'secret', optional: true }),
      GOOGLE_JWKS_URL: envField.string({
        context: 'server',
        access: 'secret',
        default: 'https://www.googleapis.com/oauth2/v3/certs',
      }),
      FEATURE_FACEBOOK_LOGIN: envField.boolean({ context: 'server', access: 'secret', default: false }),
      // Checkout (issue 7). spec 4: email confirmation for buyers without a password or third-party login.
      CHECKOUT_EMAIL_CONFIRMATION: envField.boolean({ context: 'server', access: 'secret', default: true }),
      // Payments (issue 7): where the browser reaches the card gateway's tokenise endpoint. The local
      // sandbox by default; a real provider changes this, not code (docs/decisions/013).
      PAYMENTS_GATEWAY_URL: envField.string({ context: 'client', access: 'public', default: '/sandbox' }),
    },
  },
  vite: {
    ssr: { external: ['@electric-sql/pglite', 'pg'] },
  },
});
