/**
 * The gateway's tokeniser (PAYMENTS.md ground rules; Braintree's hosted fields): the card number,
 * expiry and CVV come in, a one-time nonce goes out. Only the brand, the last four digits, the
 * expiry, the test behaviours (at the sale and at 3-D Secure) and a fingerprint are kept
 * (sandbox.nonces); the number and CVV are never stored or logged, and never leave this function. The fingerprint is keyed with this
 * installation's secret (./fingerprint-secret.ts), never a key written in the source.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { BRAND_NAMES, detectBrand, isExpired, isLuhnValid } from '@/domain/card-details';
import type { SandboxDb } from './db/client';
import { nonces } from './db/schema';
import { fingerprintSecret } from './fingerprint-secret';
import type { SandboxVariables } from './settings';
import {
  type CardBehaviour,
  MISMATCHING_CVV,
  MISMATCHING_POSTCODE,
  testCardBehaviour,
  threeDSecureScenarioOf,
} from './test-data';

export interface TokeniseRequest {
  /** Digits only (the endpoint strips spaces). */
  number: string;
  /** 1-12 */
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvv: string;
  postcode?: string;
}

export interface TokenisedCard {
  cardType: string;
  lastFour: string;
  /** Two digits: "04". */
  expiryMonth: string;
  /** Four digits: "2030". */
  expiryYear: string;
}

export type TokeniseResult =
  | { ok: true; nonce: string; details: TokenisedCard }
  | { ok: false; field: 'number' | 'expiry' | 'cvv'; message: string };

/**
 * The gateway's fingerprint of a card number (HMAC-SHA256 under the installation's secret): the same
 * card saved twice is one instrument, and without the secret the number cannot be read back from it.
 */
export function cardFingerprint(number: string, env?: SandboxVariables): string {
  return createHmac('sha256', fingerprintSecret(env)).update(number).digest('hex');
}

/**
 * The test behaviour a card is stored with. Field checks come first (PAYMENTS.md: each fails with
 * its own reason), then the documented test cards.
 */
function behaviourOf(request: TokeniseRequest, now: Date): CardBehaviour {
  if (!isLuhnValid(request.number)) return 'luhn_invalid';
  if (isExpired({ month: request.expiryMonth, year: request.expiryYear }, now)) return 'expired';
  if (request.cvv === MISMATCHING_CVV) return 'cvv_mismatch';
  if (request.postcode?.trim() === MISMATCHING_POSTCODE) return 'postcode_mismatch';
  return testCardBehaviour(request.number);
}

/** Issues a one-time nonce for a card; refuses only what is not a card's shape at all. */
export async function tokeniseCard(
  db: SandboxDb,
  request: TokeniseRequest,
  options: { now?: Date; env?: NodeJS.ProcessEnv } = {},
): Promise<TokeniseResult> {
  if (!/^\d{12,19}$/.test(request.number)) {
    return { ok: false, field: 'number', message: 'A card number is 12 to 19 digits.' };
  }
  const { expiryMonth, expiryYear } = request;
  if (!Number.isInteger(expiryMonth) || expiryMonth < 1 || expiryMonth > 12) {
    return { ok: false, field: 'expiry', message: 'The expiry month is 1 to 12.' };
  }
  if (!Number.isInteger(expiryYear) || expiryYear < 2000 || expiryYear > 2099) {
    return { ok: false, field: 'expiry', message: 'The expiry year is four digits.' };
  }
  if (!/^\d{3,4}$/.test(request.cvv)) {
    return { ok: false, field: 'cvv', message: 'The security code is 3 or 4 digits.' };
  }
  const brand = detectBrand(request.number);
  const details: TokenisedCard = {
    cardType: BRAND_NAMES[brand],
    lastFour: request.number.slice(-4),
    expiryMonth: String(expiryMonth).padStart(2, '0'),
    expiryYear: String(expiryYear),
  };
  const nonce = `tokencc_${randomUUID().replaceAll('-', '_')}`;
  await db.insert(nonces).values({
    nonce,
    kind: 'card',
    ...details,
    fingerprint: cardFingerprint(request.number, options.env),
    behaviour: behaviourOf(request, options.now ?? new Date()),
    threeDSecure: threeDSecureScenarioOf(request.number),
  });
  return { ok: true, nonce, details };
}
