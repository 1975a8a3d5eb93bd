/**
 * The checkout's 3-D Secure step as the run's shoppers take it (PAYMENTS.md "3-D Secure 2";
 * src/contracts/three-d-secure.ts; docs/decisions/043-three-d-secure.md): after the card is tokenised,
 * the browser asks the payment sandbox's issuer to authenticate the nonce for the amount it will pay,
 * with the browser data 3DS2 reads, and the pay call then names the authentication. The shop takes a
 * new card only so: without it the issuer declines the sale 2099.
 */
import {
  type BrowserData,
  THREE_D_SECURE_BROWSER_PATHS,
  type ThreeDSecureAnswer,
  type ThreeDSecureAuthenticateRequest,
} from '@/contracts/three-d-secure';

/** What the run's browser reports to the issuer. */
const BROWSER: BrowserData = {
  acceptHeader: 'text/html,application/xhtml+xml',
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: 0,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Tuppence reliability run',
  javaEnabled: false,
};

export interface CardAuthentication {
  nonce: string;
  /** The cash part in pence, exactly as the pay call will send it. */
  amountMinor: number;
  /** The shop's origin the sandbox serves: where a challenge would report back. */
  returnOrigin: string;
  /** Sent as the request's Origin (a browser on the shop's page); omit to call as a server does. */
  origin?: string;
}

/**
 * POST 3ds/authenticate at the sandbox: the authentication's id when the issuer authenticated the card
 * frictionlessly (the run's card does), else an Error saying what it answered.
 */
export async function authenticateCard(sandbox: string, card: CardAuthentication): Promise<string> {
  const body: ThreeDSecureAuthenticateRequest = {
    nonce: card.nonce,
    amountMinor: card.amountMinor,
    currency: 'GBP',
    billing: { postcode: 'LS1 4AP' },
    browser: BROWSER,
    returnOrigin: card.returnOrigin,
  };
  const answer = await fetch(`${sandbox}/${THREE_D_SECURE_BROWSER_PATHS.authenticate}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(card.origin ? { origin: card.origin } : {}) },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`3ds/authenticate answered ${answer.status}: ${(await answer.text()).slice(0, 160)}`);
  const authentication = (await answer.json()) as ThreeDSecureAnswer;
  if (authentication.status !== 'authenticated') {
    throw new Error(`3ds/authenticate answered ${authentication.status}, not authenticated`);
  }
  return authentication.authenticationId;
}
