/**
 * Clearpay's sandbox (PAYMENTS.md): Clearpay's API as our server calls it (the merchant's
 * configuration with its minimum and maximum amounts, create a checkout, auth with the order
 * token, capture, void), each through the simulated network so PAYMENTS_FAULT applies; and what
 * Clearpay's own page does with the SMS code (111111 passes) and the card (CVV 000 approves, 051
 * declines). Clearpay's answers carry amounts as pounds and pence strings, the way Clearpay sends them.
 */
import { type CardFormFields, cardFieldError } from '@/domain/card-details';
import type { AmountRange } from '@/domain/payment-eligibility';
import type { SandboxDb } from './db/client';
import { overNetwork } from './network';
import { CLEARPAY_DECLINING_CVV, CLEARPAY_SMS_CODE, PAY_LATER_CURRENCY } from './pay-later-config';
import {
  cancelPayLaterSession,
  finishSession,
  moveToStep,
  type NewPayLaterSession,
  openPayLaterSession,
  type PayLaterGatewayOptions,
  payLaterLimits,
  retrieveSession,
  type SessionRefusalCode,
} from './pay-later-sessions';

/** Clearpay's money: "1200.00" and a currency. */
export interface ClearpayMoney {
  amount: string;
  currency: string;
}

/** GET /v2/configuration for the merchant. */
export interface ClearpayConfiguration {
  minimumAmount: ClearpayMoney;
  maximumAmount: ClearpayMoney;
}

const asClearpayMoney = (amountMinor: number): ClearpayMoney => ({
  amount: (amountMinor / 100).toFixed(2),
  currency: PAY_LATER_CURRENCY,
});

/** A provider's limits as Clearpay's configuration call answers them (Klarna's are served the same way). */
export function configurationOf(limits: AmountRange): ClearpayConfiguration {
  return { minimumAmount: asClearpayMoney(limits.minMinor), maximumAmount: asClearpayMoney(limits.maxMinor) };
}

/** GET /v2/configuration: the sandbox merchant's order-amount limits. */
export function retrieveClearpayConfiguration(options: PayLaterGatewayOptions = {}): Promise<ClearpayConfiguration> {
  return overNetwork(async () => configurationOf(payLaterLimits('clearpay')), options.env);
}

export type ClearpayCheckoutAnswer =
  | { ok: true; token: string; redirectCheckoutUrl: string }
  | { ok: false; code: SessionRefusalCode; text: string };

/** POST /v2/checkouts: a checkout for the basket, refused outside the merchant's limits. */
export async function createClearpayCheckout(
  db: SandboxDb,
  checkout: NewPayLaterSession,
  options: PayLaterGatewayOptions = {},
): Promise<ClearpayCheckoutAnswer> {
  const answer = await openPayLaterSession(db, 'clearpay', checkout, options);
  return answer.ok ? { ok: true, token: answer.id, redirectCheckoutUrl: answer.redirectUrl } : answer;
}

/** What a step on Clearpay's page leads to. */
export type ClearpayPageAnswer =
  | { kind: 'step' }
  | { kind: 'error'; errors: Partial<Record<'code' | keyof CardFormFields, string>> }
  | { kind: 'return'; location: string }
  | { kind: 'ended' };

export const CLEARPAY_PAGE_COPY = {
  codeInvalid: 'Enter the 6-digit code from the text message.',
  codeFailed: 'The code you entered is incorrect. Please try again.',
} as const;

/** Step 1: the SMS code; only the sandbox's 111111 passes. */
export async function verifyClearpaySms(db: SandboxDb, token: string, code: string): Promise<ClearpayPageAnswer> {
  const session = await retrieveSession(db, 'clearpay', token);
  if (session === null || session.status !== 'created' || session.isExpired) return { kind: 'ended' };
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return { kind: 'error', errors: { code: CLEARPAY_PAGE_COPY.codeInvalid } };
  if (typed !== CLEARPAY_SMS_CODE) return { kind: 'error', errors: { code: CLEARPAY_PAGE_COPY.codeFailed } };
  return (await moveToStep(db, 'clearpay', token, 'card')) ? { kind: 'step' } : { kind: 'ended' };
}

/**
 * Step 2: the card for the instalments. The card is checked and forgotten (nothing of it is
 * kept); its CVV decides, as Clearpay's sandbox documents: 051 declines, others approve.
 */
export async function payClearpayByCard(
  db: SandboxDb,
  token: string,
  card: Pick<CardFormFields, 'number' | 'expiry' | 'cvv'>,
  now: Date = new Date(),
): Promise<ClearpayPageAnswer> {
  const session = await retrieveSession(db, 'clearpay', token, now);
  if (session === null || session.status !== 'created' || session.isExpired) return { kind: 'ended' };
  // The card comes after the SMS code: a card posted before it just shows the code step again.
  if (session.step !== 'card') return { kind: 'step' };
  const fields: CardFormFields = { ...card, postcode: '-' };
  const errors: Partial<Record<keyof CardFormFields, string>> = {};
  for (const field of ['number', 'expiry', 'cvv'] as const) {
    const error = cardFieldError(field, fields, now);
    if (error !== null) errors[field] = error;
  }
  if (Object.keys(errors).length > 0) return { kind: 'error', errors };
  const outcome = card.cvv.trim() === CLEARPAY_DECLINING_CVV ? 'declined' : 'approved';
  const location = await finishSession(db, 'clearpay', token, outcome, now);
  return location === null ? { kind: 'ended' } : { kind: 'return', location };
}

/** "Cancel": back to the shop with nothing approved. */
export async function cancelClearpayCheckout(db: SandboxDb, token: string): Promise<ClearpayPageAnswer> {
  const location = await cancelPayLaterSession(db, 'clearpay', token);
  return location === null ? { kind: 'ended' } : { kind: 'return', location };
}
