/**
 * The card issuer's 3-D Secure 2 as the sandbox plays it (PAYMENTS.md "3-D Secure 2";
 * src/contracts/three-d-secure.ts; docs/decisions/043-three-d-secure.md). The shopper's browser asks
 * to authenticate a tokenised card's nonce for an amount; the card's scenario, read from its number
 * when it was tokenised (./test-data.ts), decides the answer: frictionless (authenticated, attempted,
 * failed), unavailable, an error, or a challenge on the issuer's page (./pages/three-d-secure-challenge.tsx)
 * that the cardholder passes with the code, fails, or cancels. Authenticating does not use the nonce
 * up; an authentication is good for one sale of that nonce, amount and currency, for 15 minutes. A
 * nonce minted from a saved card (./vault.ts `mintVaultedNonce`) is authenticated the same way, by
 * the saved card's scenario, and its authentication is good for one sale on that card's token.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  PAYABLE_THREE_D_SECURE_STATUSES,
  THREE_D_SECURE_BROWSER_PATHS,
  type ThreeDSecureAnswer,
  type ThreeDSecureLookupAnswer,
  type ThreeDSecureStatus,
} from '@/contracts/three-d-secure';
import { BRAND_NAMES } from '@/domain/card-details';
import type { SandboxDb, SandboxTx } from './db/client';
import { nonces, type ThreeDSecureRow, threeDSecure } from './db/schema';
import {
  CONSUMED_TEST_NONCE,
  TEST_NONCES,
  THREE_D_SECURE_CHALLENGE_CODE,
  THREE_D_SECURE_LIFETIME_MS,
  THREE_D_SECURE_TRIES,
  type ThreeDSecureScenario,
} from './test-data';

/** What the browser asks to authenticate (the contract's request, its return origin made an origin). */
export interface AuthenticationRequest {
  nonce: string;
  amountMinor: number;
  currency: string;
  /** The shop page's origin (`https://shop.example`), already checked to be one the sandbox serves. */
  returnOrigin: string;
}

export type StartedAuthentication = { ok: true; authentication: ThreeDSecureRow } | { ok: false; message: string };

/** How a challenge page's code post went. */
export type ChallengeStep =
  | { kind: 'ended'; status: ThreeDSecureStatus }
  | { kind: 'wrong_code'; triesLeft: number }
  | { kind: 'malformed' }
  /** Unknown, expired, or already ended: nothing to answer. */
  | { kind: 'closed' };

/** How the issuer answers each scenario at once: a status, or a challenge to come. */
const FIRST_ANSWER: Readonly<Record<ThreeDSecureScenario, ThreeDSecureStatus>> = {
  frictionless: 'authenticated',
  frictionless_failed: 'failed',
  attempted: 'attempted',
  unavailable: 'unavailable',
  challenge_passed: 'challenge_required',
  challenge_failed: 'challenge_required',
  challenge_unavailable: 'unavailable',
  error: 'error',
};

const PAYABLE = [...PAYABLE_THREE_D_SECURE_STATUSES];

/** Why a nonce cannot be authenticated (422s the browser is told). */
const REFUSALS = {
  unknown: 'Unknown payment_method_nonce: tokenise the card first (POST bt/tokenize), then authenticate its nonce.',
  used: 'This payment_method_nonce was already used for a payment: tokenise the card again.',
  notACard:
    '3-D Secure authenticates cards only: PayPal, Apple Pay and Google Pay payments need no authentication here.',
} as const;

/** The Electronic Commerce Indicator for a status: 05 authenticated, 06 attempted, 07 otherwise (none while challenged). */
export function eciOf(status: ThreeDSecureStatus): string | null {
  if (status === 'authenticated') return '05';
  if (status === 'attempted') return '06';
  return status === 'challenge_required' ? null : '07';
}

/** Whether the liability for fraud moves to the issuer: only an authenticated or attempted payment. */
export function isLiabilityShifted(status: ThreeDSecureStatus): boolean {
  return PAYABLE_THREE_D_SECURE_STATUSES.has(status);
}

/** Whether an authentication has passed its 15 minutes. */
export function isExpired(authentication: ThreeDSecureRow, now: Date = new Date()): boolean {
  return authentication.expiresAt.getTime() <= now.getTime();
}

/** Ids as a 3DS server's: `3ds_` and 24 random url-safe characters. */
function newAuthenticationId(): string {
  return `3ds_${randomBytes(18).toString('base64url')}`;
}

/** The card behind a nonce as 3-D Secure sees it, or why it cannot be authenticated. */
async function cardOf(
  db: SandboxDb,
  nonce: string,
): Promise<
  | { cardType: string; lastFour: string | null; scenario: ThreeDSecureScenario; paymentMethodToken: string | null }
  | string
> {
  if (nonce === CONSUMED_TEST_NONCE) return REFUSALS.used;
  const fixed = TEST_NONCES[nonce];
  // A fixed test card nonce authenticates frictionless, as Braintree's fake-three-d-secure nonces do.
  if (fixed) {
    return fixed.kind === 'card' ? { ...fixed, scenario: 'frictionless', paymentMethodToken: null } : REFUSALS.notACard;
  }
  const [row] = await db.select().from(nonces).where(eq(nonces.nonce, nonce));
  if (row === undefined) return REFUSALS.unknown;
  if (row.consumedAt !== null) return REFUSALS.used;
  if (row.kind !== 'card') return REFUSALS.notACard;
  return {
    cardType: row.cardType ?? BRAND_NAMES.unknown,
    lastFour: row.lastFour,
    scenario: row.threeDSecure as ThreeDSecureScenario,
    paymentMethodToken: row.paymentMethodToken,
  };
}

/** Starts an authentication of a card nonce for an amount: the issuer's answer, or why not (a 422). */
export async function startAuthentication(
  db: SandboxDb,
  request: AuthenticationRequest,
  now: Date = new Date(),
): Promise<StartedAuthentication> {
  const card = await cardOf(db, request.nonce);
  if (typeof card === 'string') return { ok: false, message: card };
  const status = FIRST_ANSWER[card.scenario];
  const [authentication] = await db
    .insert(threeDSecure)
    .values({
      id: newAuthenticationId(),
      nonce: request.nonce,
      paymentMethodToken: card.paymentMethodToken,
      amountMinor: request.amountMinor,
      currency: request.currency,
      cardType: card.cardType,
      lastFour: card.lastFour,
      scenario: card.scenario,
      status,
      eci: eciOf(status),
      returnOrigin: request.returnOrigin,
      expiresAt: new Date(now.getTime() + THREE_D_SECURE_LIFETIME_MS),
    })
    .returning();
  if (authentication === undefined) throw new Error('The authentication was not kept.');
  return { ok: true, authentication };
}

/** An authentication by id, expired or not; null when there is none. */
export async function findAuthentication(db: SandboxDb, id: string): Promise<ThreeDSecureRow | null> {
  const [row] = await db.select().from(threeDSecure).where(eq(threeDSecure.id, id));
  return row ?? null;
}

/** What the browser is told: where it stands and, while challenged, the issuer's page to frame. */
export function answerOf(authentication: ThreeDSecureRow, publicUrl: string): ThreeDSecureAnswer {
  const status = authentication.status as ThreeDSecureStatus;
  return {
    authenticationId: authentication.id,
    status,
    liabilityShifted: isLiabilityShifted(status),
    challengeUrl:
      status === 'challenge_required'
        ? `${publicUrl}/${THREE_D_SECURE_BROWSER_PATHS.challenge(authentication.id)}`
        : null,
  };
}

/**
 * The shopper closed the challenge (Cancel, Escape): an open challenge is abandoned, anything else
 * stays as it is. Null when there is no such authentication or it expired.
 */
export async function cancelAuthentication(
  db: SandboxDb,
  id: string,
  now: Date = new Date(),
): Promise<ThreeDSecureRow | null> {
  await db
    .update(threeDSecure)
    .set({ status: 'abandoned', eci: eciOf('abandoned') })
    .where(
      and(eq(threeDSecure.id, id), eq(threeDSecure.status, 'challenge_required'), gt(threeDSecure.expiresAt, now)),
    );
  const authentication = await findAuthentication(db, id);
  return authentication === null || isExpired(authentication, now) ? null : authentication;
}

/**
 * The challenge page's code: the right one passes a card whose challenge passes; a card whose
 * challenge fails fails whatever is typed; the third wrong code fails it. Something that is not six
 * digits is asked again without costing a try.
 */
export function answerChallenge(
  db: SandboxDb,
  id: string,
  code: string,
  now: Date = new Date(),
): Promise<ChallengeStep> {
  return db.transaction(async (tx) => {
    const [open] = await tx.select().from(threeDSecure).where(eq(threeDSecure.id, id)).for('update');
    if (open === undefined || open.status !== 'challenge_required' || isExpired(open, now)) return { kind: 'closed' };
    if (!/^\d{6}$/.test(code)) return { kind: 'malformed' };
    const end = async (status: ThreeDSecureStatus, wrongCodes = open.wrongCodes): Promise<ChallengeStep> => {
      await tx
        .update(threeDSecure)
        .set({ status, eci: eciOf(status), wrongCodes })
        .where(eq(threeDSecure.id, id));
      return { kind: 'ended', status };
    };
    if (open.scenario === 'challenge_failed') return end('failed');
    if (code === THREE_D_SECURE_CHALLENGE_CODE) return end('authenticated');
    const wrongCodes = open.wrongCodes + 1;
    if (wrongCodes >= THREE_D_SECURE_TRIES) return end('failed', wrongCodes);
    await tx.update(threeDSecure).set({ wrongCodes }).where(eq(threeDSecure.id, id));
    return { kind: 'wrong_code', triesLeft: THREE_D_SECURE_TRIES - wrongCodes };
  });
}

/**
 * The authentication as the shop's server checks it (GET three_d_secure/{id}); not found once it has
 * expired, as a 3DS server forgets one.
 */
export async function lookupAuthentication(
  db: SandboxDb,
  id: string,
  now: Date = new Date(),
): Promise<ThreeDSecureLookupAnswer> {
  const authentication = await findAuthentication(db, id);
  if (authentication === null || isExpired(authentication, now)) return { found: false };
  const status = authentication.status as ThreeDSecureStatus;
  return {
    found: true,
    authenticationId: authentication.id,
    nonce: authentication.nonce,
    paymentMethodToken: authentication.paymentMethodToken,
    amountMinor: authentication.amountMinor,
    currency: authentication.currency,
    status,
    liabilityShifted: isLiabilityShifted(status),
    eci: authentication.eci,
  };
}

/** What a sale pays with, as an authentication must match it: a nonce, or a saved card's token. */
export type AuthenticatedInstrument = { nonce: string } | { paymentMethodToken: string };

/**
 * Uses an authentication for a sale, at most once: it must be of this nonce (or of a nonce minted
 * from this saved card's token), amount and currency, authenticated or attempted, unexpired and
 * unused. False when it will not do (the sale is then declined 2099); inside the sale's own database
 * transaction, so a sale that is rolled back frees it.
 */
export async function claimAuthenticationForSale(
  tx: SandboxTx,
  sale: AuthenticatedInstrument & {
    authenticationId: string;
    amountMinor: number;
    currency: string;
    transactionId: string;
  },
  now: Date = new Date(),
): Promise<boolean> {
  const sameInstrument =
    'paymentMethodToken' in sale
      ? eq(threeDSecure.paymentMethodToken, sale.paymentMethodToken)
      : eq(threeDSecure.nonce, sale.nonce);
  const used = await tx
    .update(threeDSecure)
    .set({ transactionId: sale.transactionId })
    .where(
      and(
        eq(threeDSecure.id, sale.authenticationId),
        sameInstrument,
        eq(threeDSecure.amountMinor, sale.amountMinor),
        eq(threeDSecure.currency, sale.currency),
        inArray(threeDSecure.status, PAYABLE),
        isNull(threeDSecure.transactionId),
        gt(threeDSecure.expiresAt, now),
      ),
    )
    .returning({ id: threeDSecure.id });
  return used.length > 0;
}
