/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /**
     * The shop's public origin (SITE_URL, src/server/config.ts), for components, which import no
     * server code: absolute URLs are built on it, never on the request's Host header.
     */
    publicOrigin: string;
    /**
     * Who the trader is (TRADING_* in src/server/config.ts; decision 042): the footer, the help centre
     * and the terms pages show it, as UK company law asks of a trading website.
     */
    trading: import('./domain/trading').TradingDetails;
    /** The brand chosen by ?site= or the remembered cookie (spec 2). */
    brand: import('./domain/brands').Brand;
    /** The look in force: brand, VIP, wellness or a seasonal variant. */
    theme: import('./domain/brands').ThemeName;
    /**
     * "Now" for how the page looks only (seasonal themes, the footer year): THEME_CLOCK, or ?clock=
     * outside production builds / with THEME_PREVIEW. Never for expiry, prices or writes (decision 003).
     */
    themeNow: Date;
    /** The chosen location: from the path, else the location cookie, else London (spec 3). */
    location: { shortName: string; name: string };
    /** A location to remember in the location cookie from the page itself (keeps the page cacheable). */
    rememberLocation: string | null;
    /** spec 2 page type of the path (the dataLayer's page views carry it). */
    pageType?: import('./domain/page-type').PageType;
    /**
     * Google one-tap's client id and script when configured (decision 055), for the layouts, which
     * import no server code; unset or null, no page offers one-tap.
     */
    googleOneTap?: { clientId: string; scriptUrl: string } | null;
    /** The signed-in shopper, read by the middleware on personal routes only; null for guests. */
    user: { firstName: string; email: string; isVip: boolean } | null;
  }
}

declare namespace App {
  /** What the Astro session holds (decision 009): the signed-in account and its session epoch. */
  interface SessionData {
    account: { userId: number; epoch: number };
    primed: boolean;
    /** Orders bought as a guest in this session; their vouchers are shown to it (decision 015). */
    guestOrders: number[];
    /** A Google or Facebook sign-in under way: its state, nonce and PKCE verifier (decision 055). */
    socialSignIn: import('./server/accounts').PendingSocialSignIn;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /**
     * Decision 068: hydrate on the shopper's first pointer, touch, focus or key inside the island
     * (src/islands/hydrate-on-interaction.ts); `{ afterLoadMs }` also hydrates that long after load, when idle;
     * `{ whenCookie }` also hydrates at load when that cookie is set (decision 071).
     */
    'client:interact'?: import('./islands/hydrate-on-interaction').InteractOptions | boolean;
  }
}
