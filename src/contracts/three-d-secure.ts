/**
 * 3-D Secure 2 (PSD2 Strong Customer Authentication; PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md): the card's issuer authenticates the payer after the card is
 * tokenised and before the shop asks for a sale. The browser asks the gateway (as Braintree's
 * `verifyCard` asks its 3DS server) with the nonce, the amount, the billing details and the browser
 * data 3DS2 needs; the issuer answers frictionless (authenticated, attempted, failed, unavailable) or
 * asks for a challenge, which the shop shows in a modal framing the issuer's page (the sandbox's own
 * origin, as a real access control server's). The shop's server then looks the authentication up
 * with its server key and refuses a card payment whose authentication is missing, failed, or for
 * another nonce or amount. Amounts are integer pence.
 */
import { z } from 'zod';
import { text } from './text';

/** Browser-facing paths under the gateway's browser URL (PAYMENTS_GATEWAY_URL), beside `bt/tokenize`. */
export const THREE_D_SECURE_BROWSER_PATHS = {
  /** POST: start an authentication for a nonce and amount. */
  authenticate: '3ds/authenticate',
  /** GET: the issuer's challenge page, framed by the shop's modal. */
  challenge: (authenticationId: string) => `3ds/challenge/${encodeURIComponent(authenticationId)}`,
  /** POST: the shopper closed the challenge without finishing it (Escape, Cancel): abandoned. */
  cancel: (authenticationId: string) => `3ds/${encodeURIComponent(authenticationId)}/cancel`,
  /** GET: where an authentication stands now (after a challenge), for the browser. */
  status: (authenticationId: string) => `3ds/${encodeURIComponent(authenticationId)}`,
} as const;

/** Server-to-server (with the gateway key), under the gateway's server URL. */
export const THREE_D_SECURE_GATEWAY_PATHS = {
  lookup: (authenticationId: string) => `three_d_secure/${encodeURIComponent(authenticationId)}`,
} as const;

/**
 * Where an authentication stands:
 * - `authenticated`: frictionless, or the challenge was passed: liability shifts to the issuer;
 * - `attempted`: the issuer could not authenticate but the attempt is proven: liability shifts;
 * - `challenge_required`: the shopper must complete the issuer's challenge (then it becomes
 *   `authenticated`, `failed` or `abandoned`);
 * - `failed`: frictionless failure, or the challenge was failed: ask for another card;
 * - `abandoned`: the shopper closed the challenge;
 * - `unavailable`: the issuer's authentication is unavailable: no liability shift, and the shop
 *   does not go on with the card;
 * - `error`: the 3DS server failed.
 */
export const THREE_D_SECURE_STATUSES = [
  'authenticated',
  'attempted',
  'challenge_required',
  'failed',
  'abandoned',
  'unavailable',
  'error',
] as const;
export type ThreeDSecureStatus = (typeof THREE_D_SECURE_STATUSES)[number];

/** The statuses a card payment may go on with (liability shifted to the issuer). */
export const PAYABLE_THREE_D_SECURE_STATUSES: ReadonlySet<ThreeDSecureStatus> = new Set(['authenticated', 'attempted']);

/** What the browser knows that 3DS2's risk checks use (EMV 3DS browser data). */
export const BrowserDataSchema = z.object({
  acceptHeader: text().max(500).optional(),
  language: text().max(35),
  colorDepth: z.number().int().min(1).max(48),
  screenHeight: z.number().int().min(0).max(100_000),
  screenWidth: z.number().int().min(0).max(100_000),
  /** Minutes, as `new Date().getTimezoneOffset()` gives them. */
  timeZoneOffset: z.number().int().min(-900).max(900),
  userAgent: text().max(2048),
  javaEnabled: z.boolean().default(false),
});
export type BrowserData = z.input<typeof BrowserDataSchema>;

/** POST 3ds/authenticate. */
export const ThreeDSecureAuthenticateSchema = z.object({
  nonce: text().min(1, { error: 'nonce is required.' }).max(200),
  amountMinor: z
    .number({ error: 'amountMinor must be a whole number of pence.' })
    .int({ error: 'amountMinor must be a whole number of pence.' })
    .positive({ error: 'amountMinor must be more than zero.' })
    .max(100_000_000, { error: 'amountMinor is too large.' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'currency must be a currency code such as GBP.' }),
  billing: z
    .object({
      name: text().max(200).optional(),
      email: text().max(320).optional(),
      postcode: text().max(16).optional(),
    })
    .default({}),
  browser: BrowserDataSchema,
  /** The shop page's origin: the challenge page tells only this origin how it ended (postMessage). */
  returnOrigin: z.url({ protocol: /^https?$/, error: 'returnOrigin must be an http(s) origin.' }),
});
export type ThreeDSecureAuthenticateRequest = z.input<typeof ThreeDSecureAuthenticateSchema>;

/** What the browser is told (authenticate, status and cancel answer the same shape). */
export interface ThreeDSecureAnswer {
  authenticationId: string;
  status: ThreeDSecureStatus;
  liabilityShifted: boolean;
  /** Set while `challenge_required`: the issuer's page to frame. */
  challengeUrl: string | null;
}

/** The message the challenge page posts to `returnOrigin` when it ends (passed, failed or cancelled). */
export interface ThreeDSecureChallengeMessage {
  type: 'three-d-secure:challenge-complete';
  authenticationId: string;
  status: ThreeDSecureStatus;
}

/** GET three_d_secure/{id} with the gateway key: the authentication as the shop's server checks it. */
export type ThreeDSecureLookupAnswer =
  | {
      found: true;
      authenticationId: string;
      nonce: string;
      /**
       * The saved card the nonce was minted from (POST payment_methods/{token}/nonces), or null for a
       * card just tokenised: a sale on a saved card goes on only with an authentication of that card.
       */
      paymentMethodToken: string | null;
      amountMinor: number;
      currency: string;
      status: ThreeDSecureStatus;
      liabilityShifted: boolean;
      /** The Electronic Commerce Indicator the issuer gave (05/02 authenticated, 06/01 attempted, 07 none). */
      eci: string | null;
    }
  | { found: false };
