/**
 * 3-D Secure 2 for a card the shopper has just entered (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md), shared by the checkout and the add-on page: after the card is
 * tokenised and before the pay call, the browser asks the gateway (its browser URL, the tokeniser's
 * base) to authenticate the nonce for the amount. A frictionless answer settles it at once; a
 * challenge opens the issuer's page in the challenge dialog ($threeDSecure), and the answer waits for
 * the page's message (from the gateway's origin only) or the shopper closing the dialog. How a
 * challenge ended is always confirmed with the gateway, never taken from the message. Vanilla
 * fetch and no schema library, so the checkout's script stays small (contracts/three-d-secure.ts
 * describes the shapes). A saved card is authenticated the same way when its issuer asks
 * (`authenticateSavedCard`): the shop mints a one-time nonce of the card, and that nonce is
 * authenticated (decision 043).
 */
import type {
  BrowserData,
  ThreeDSecureAnswer,
  ThreeDSecureAuthenticateRequest,
  ThreeDSecureChallengeMessage,
  ThreeDSecureStatus,
} from '@/contracts/three-d-secure';
import { CARD_REASONS, MESSAGES } from '@/domain/messages';
import {
  $threeDSecure,
  confirmChallenge,
  finishAuthentication,
  showChallenge,
  startAuthentication,
  THREE_D_SECURE_COPY,
} from '@/stores/three-d-secure';

/** What is authenticated: the card's nonce, the cash amount in pence and who pays. */
export interface CardPayment {
  nonce: string;
  amountMinor: number;
  currency: string;
  billing: ThreeDSecureAuthenticateRequest['billing'];
}

/** Authenticated (or attempted): pay with this id. Otherwise the spec 8 message and the reason under it. */
export type AuthenticationOutcome =
  | { ok: true; authenticationId: string }
  | { ok: false; message: string; reason: string | null };

/** What the flow needs from the browser; tests pass their own. */
export interface ThreeDSecureDeps {
  fetchImpl: typeof fetch;
  /** Where the challenge page's message arrives (the window). */
  messages: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** This page's origin: the only one the challenge page tells how it ended. */
  origin: string;
  browserData: () => BrowserData;
}

/** The EMV 3DS browser data, as this browser gives it (contracts/three-d-secure BrowserDataSchema). */
function readBrowserData(): BrowserData {
  return {
    language: navigator.language || 'en-GB',
    colorDepth: window.screen.colorDepth || 24,
    screenHeight: window.screen.height,
    screenWidth: window.screen.width,
    timeZoneOffset: new Date().getTimezoneOffset(),
    userAgent: navigator.userAgent,
    javaEnabled: false,
  };
}

/**
 * The contract's browser paths and payable statuses (THREE_D_SECURE_BROWSER_PATHS,
 * PAYABLE_THREE_D_SECURE_STATUSES), written again here: the contract's module builds its schemas when
 * imported, which would ship zod to the checkout. three-d-secure.test.ts holds the two the same.
 */
export const BROWSER_PATHS = {
  authenticate: '3ds/authenticate',
  cancel: (authenticationId: string) => `3ds/${encodeURIComponent(authenticationId)}/cancel`,
  status: (authenticationId: string) => `3ds/${encodeURIComponent(authenticationId)}`,
} as const;
export const PAYABLE_STATUSES: ReadonlySet<ThreeDSecureStatus> = new Set(['authenticated', 'attempted']);

const browser = (): ThreeDSecureDeps => ({
  fetchImpl: (input, init) => fetch(input, init),
  messages: window,
  origin: window.location.origin,
  browserData: readBrowserData,
});

/** spec 8: an issuer that did not authenticate the card (failed, abandoned, unavailable, error). */
const NOT_AUTHENTICATED: AuthenticationOutcome = {
  ok: false,
  message: MESSAGES.paymentDidNotGoThrough,
  reason: CARD_REASONS.cannotAuthenticate,
};

function asAnswer(value: unknown): ThreeDSecureAnswer | null {
  const v = value as Partial<ThreeDSecureAnswer> | null;
  // A status this file does not know is not payable: it is never taken for authenticated.
  return v && typeof v.authenticationId === 'string' && typeof v.status === 'string' ? (v as ThreeDSecureAnswer) : null;
}

/** True for the challenge page's "it has ended" message about this authentication. */
export function isChallengeComplete(data: unknown, authenticationId: string): boolean {
  const message = data as Partial<ThreeDSecureChallengeMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === 'three-d-secure:challenge-complete' &&
    message.authenticationId === authenticationId
  );
}

type Call = { answer: ThreeDSecureAnswer } | { refused: AuthenticationOutcome };

/** One call to the gateway's 3DS endpoints; a call that gets no answer is the spec 8 provider message. */
async function call(deps: ThreeDSecureDeps, url: string, init: RequestInit): Promise<Call> {
  let response: Response;
  try {
    // The gateway's endpoint, not ours: no cookies go with it.
    response = await deps.fetchImpl(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
    });
  } catch {
    return { refused: { ok: false, message: MESSAGES.providerUnreachable, reason: null } };
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = response.ok ? asAnswer(body) : null;
  if (answer !== null) return { answer };
  if (response.status === 503) return { refused: { ok: false, message: MESSAGES.providerUnreachable, reason: null } };
  if (response.status === 504) return { refused: { ok: false, message: MESSAGES.bankNoResponse, reason: null } };
  const said = (body as { message?: unknown } | null)?.message;
  const reason = response.status >= 400 && response.status < 500 && typeof said === 'string' ? said : null;
  return { refused: { ok: false, message: MESSAGES.paymentFailed, reason } };
}

/** Waits until the challenge page says it has ended, or the shopper closes the dialog. */
function challengeEnded(
  deps: ThreeDSecureDeps,
  authenticationId: string,
  gatewayOrigin: string,
): Promise<'completed' | 'abandoned'> {
  return new Promise((resolve) => {
    const onMessage = (event: Event) => {
      const { origin, data } = event as MessageEvent;
      // Only the issuer's page on the gateway's origin may say so, and only about this authentication.
      if (origin !== gatewayOrigin || !isChallengeComplete(data, authenticationId)) return;
      end('completed');
    };
    const stopWatching = $threeDSecure.listen((state) => {
      if (state.phase !== 'challenged') end('abandoned');
    });
    function end(how: 'completed' | 'abandoned') {
      deps.messages.removeEventListener('message', onMessage);
      stopWatching();
      resolve(how);
    }
    deps.messages.addEventListener('message', onMessage);
  });
}

/** Opens the issuer's challenge and answers how it ended, as the gateway confirms it. */
async function challenge(
  deps: ThreeDSecureDeps,
  base: string,
  answer: ThreeDSecureAnswer,
): Promise<AuthenticationOutcome> {
  const gatewayOrigin = new URL(base).origin;
  const id = answer.authenticationId;
  const page = answer.challengeUrl ? new URL(answer.challengeUrl, `${base}/`) : null;
  // The dialog frames the gateway's origin only (the page's frame-src allows no other).
  if (page === null || page.origin !== gatewayOrigin) {
    finishAuthentication();
    return NOT_AUTHENTICATED;
  }
  showChallenge({ authenticationId: id, challengeUrl: page.href });
  const how = await challengeEnded(deps, id, gatewayOrigin);
  if (how === 'abandoned') {
    // The shopper left it: tell the gateway, so the authentication can never be paid with.
    await call(deps, `${base}/${BROWSER_PATHS.cancel(id)}`, { method: 'POST', body: '{}' });
    finishAuthentication(THREE_D_SECURE_COPY.abandoned);
    return NOT_AUTHENTICATED;
  }
  confirmChallenge();
  const confirmed = await call(deps, `${base}/${BROWSER_PATHS.status(id)}`, { method: 'GET' });
  if ('refused' in confirmed) {
    finishAuthentication(THREE_D_SECURE_COPY.notConfirmed);
    return confirmed.refused;
  }
  if (PAYABLE_STATUSES.has(confirmed.answer.status)) {
    finishAuthentication(THREE_D_SECURE_COPY.confirmed);
    return { ok: true, authenticationId: id };
  }
  finishAuthentication(THREE_D_SECURE_COPY.notConfirmed);
  return NOT_AUTHENTICATED;
}

/**
 * Authenticates the tokenised card for the amount with the card's issuer, through a challenge when
 * the issuer asks for one. Answers the authentication's id to pay with, or the message to show.
 */
export async function authenticateCard(
  gatewayUrl: string,
  payment: CardPayment,
  deps: ThreeDSecureDeps = browser(),
): Promise<AuthenticationOutcome> {
  const base = gatewayUrl.replace(/\/+$/, '');
  const request: ThreeDSecureAuthenticateRequest = {
    ...payment,
    browser: deps.browserData(),
    returnOrigin: deps.origin,
  };
  startAuthentication();
  const started = await call(deps, `${base}/${BROWSER_PATHS.authenticate}`, {
    method: 'POST',
    body: JSON.stringify(request),
  });
  if ('refused' in started) {
    finishAuthentication();
    return started.refused;
  }
  const { answer } = started;
  if (answer.status === 'challenge_required') return challenge(deps, base, answer);
  finishAuthentication();
  return PAYABLE_STATUSES.has(answer.status)
    ? { ok: true, authenticationId: answer.authenticationId }
    : NOT_AUTHENTICATED;
}

/** A payment on a saved card its issuer asks to authenticate: where the shop mints the card's nonce, and what for. */
export interface SavedCardPayment extends Omit<CardPayment, 'nonce'> {
  /** The shop's endpoint that mints a one-time nonce of the saved card (the shopper's own session). */
  nonceUrl: string;
  /** What that call sends (Express Buy names its token); `{}` when the address says it all. */
  nonceRequest?: Record<string, unknown>;
}

/**
 * Authenticates a saved card for the amount when its issuer asked (the pay call answered
 * `authenticationRequired`; decision 043): the shop mints a one-time nonce of the card, then the
 * issuer authenticates it as it does a new card's, through the challenge dialog when it asks.
 * Answers the authentication's id to pay again with, or the message to show.
 */
export async function authenticateSavedCard(
  gatewayUrl: string,
  payment: SavedCardPayment,
  deps: ThreeDSecureDeps = browser(),
): Promise<AuthenticationOutcome> {
  const { nonceUrl, nonceRequest, ...forIssuer } = payment;
  let response: Response;
  try {
    // The shop's own endpoint: the shopper's session goes with it.
    response = await deps.fetchImpl(nonceUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(nonceRequest ?? {}),
    });
  } catch {
    return { ok: false, message: MESSAGES.paymentFailed, reason: MESSAGES.requestProblemContinue };
  }
  const body = (await response.json().catch(() => null)) as { nonce?: unknown } | null;
  if (response.status === 503) return { ok: false, message: MESSAGES.providerUnreachable, reason: null };
  if (!response.ok || typeof body?.nonce !== 'string') return NOT_AUTHENTICATED;
  return authenticateCard(gatewayUrl, { ...forIssuer, nonce: body.nonce }, deps);
}
