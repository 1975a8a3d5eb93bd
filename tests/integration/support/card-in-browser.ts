/**
 * A shopper's browser paying by card under PSD2 Strong Customer Authentication (PAYMENTS.md "3-D
 * Secure 2"; docs/decisions/043-three-d-secure.md): the card tokenised at the payment sandbox
 * (`bt/tokenize`), then authenticated with the card's issuer through the sandbox's browser path
 * (`3ds/authenticate`, src/contracts/three-d-secure.ts) with the browser data and the shop's origin a
 * checkout page sends, and a challenge passed on the issuer's page. By default the calls go to the sandbox the tests host in-process for getDb()'s
 * database (./sandbox-over-fetch.ts); a test on a database of its own passes `db`.
 */
import type { TokenizeResponse } from '../../../src/contracts/card-tokenize';
import {
  type BrowserData,
  THREE_D_SECURE_BROWSER_PATHS,
  type ThreeDSecureAnswer,
} from '../../../src/contracts/three-d-secure';
import type { Db } from '../../../src/server/db';
import { IN_PROCESS_SANDBOX_URL, inProcessGateway, TEST_SHOP_ORIGIN } from '../../fixtures/sandbox-gateway';

/** What a desktop browser reports for 3DS2's risk checks. */
export const TEST_BROWSER: BrowserData = {
  acceptHeader: 'text/html,application/xhtml+xml',
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: 0,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Tuppence integration tests',
  javaEnabled: false,
};

export interface BrowserOptions {
  /** The database whose sandbox answers; default getDb()'s, through the global fetch. */
  db?: Db;
}

/** A POST from the shop's checkout page to the sandbox, as the browser makes it (with the page's Origin). */
async function post<Answer>(path: string, body: unknown, options: BrowserOptions): Promise<Answer> {
  const send = options.db === undefined ? fetch : inProcessGateway(options.db).fetch;
  if (send === undefined) throw new Error('no transport to the sandbox');
  const response = await send(`${IN_PROCESS_SANDBOX_URL}/${path}`, {
    method: 'POST',
    headers: { origin: TEST_SHOP_ORIGIN, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Answer;
}

/** The card form's tokenise call: the one-time nonce for a test card (any future expiry, any CVV). */
export async function tokeniseCard(number: string, options: BrowserOptions & { postcode?: string } = {}) {
  const card = { number, expiryMonth: 12, expiryYear: 2031, cvv: '123', postcode: options.postcode };
  const { nonce } = await post<TokenizeResponse>('bt/tokenize', card, options);
  return nonce;
}

/** The issuer's answer for a nonce and amount (pence), asked from the shop's checkout page. */
export function authenticateCard(
  nonce: string,
  amount: { amountMinor: number; currency?: 'GBP' | 'EUR' },
  options: BrowserOptions = {},
): Promise<ThreeDSecureAnswer> {
  return post<ThreeDSecureAnswer>(
    THREE_D_SECURE_BROWSER_PATHS.authenticate,
    {
      nonce,
      amountMinor: amount.amountMinor,
      currency: amount.currency ?? 'GBP',
      billing: { name: 'Ada Lovelace', postcode: 'LS1 4AP' },
      browser: TEST_BROWSER,
      returnOrigin: TEST_SHOP_ORIGIN,
    },
    options,
  );
}

/**
 * The cardholder types the bank's code on the issuer's challenge page, as the page's own form posts
 * it (on the sandbox's origin); answers the page's status.
 */
export async function passChallenge(authenticationId: string, options: BrowserOptions = {}): Promise<number> {
  const send = options.db === undefined ? fetch : inProcessGateway(options.db).fetch;
  if (send === undefined) throw new Error('no transport to the sandbox');
  const response = await send(`${IN_PROCESS_SANDBOX_URL}/3ds/challenge/${encodeURIComponent(authenticationId)}`, {
    method: 'POST',
    headers: { origin: IN_PROCESS_SANDBOX_URL, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'submit', code: '123456' }).toString(),
    redirect: 'manual',
  });
  return response.status;
}

/** A card tokenised and authenticated for the amount: what the pay call then sends. */
export async function authenticatedCard(
  number: string,
  amount: { amountMinor: number; currency?: 'GBP' | 'EUR' },
  options: BrowserOptions = {},
): Promise<{ nonce: string; threeDSecureAuthenticationId: string; status: ThreeDSecureAnswer['status'] }> {
  const nonce = await tokeniseCard(number, options);
  const answer = await authenticateCard(nonce, amount, options);
  return { nonce, threeDSecureAuthenticationId: answer.authenticationId, status: answer.status };
}
