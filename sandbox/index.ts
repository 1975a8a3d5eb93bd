/**
 * The payment sandbox's gateway (PAYMENTS.md; docs/decisions/013-payment-sandbox.md, 020 and 035):
 * a simulated, Braintree-like provider, an app of its own. The shop reaches it over HTTP only
 * (./gateway-api.ts serves these calls at /gateway/*); its own pages and tests call them here. Each
 * call goes through the simulated network (PAYMENTS_FAULT): GatewayUnreachable and GatewayTimeout are
 * thrown (the HTTP API answers 503 and 504), everything else is an answer.
 */

import type { RefundAnswer, TransactionLookupAnswer } from '@/contracts/payment-gateway';
import type { ThreeDSecureLookupAnswer } from '@/contracts/three-d-secure';
import type { SaleAnswer, SettlementAnswer } from './answers';
import type { SandboxDb } from './db/client';
import type { ThreeDSecureRow } from './db/schema';
import { overNetwork } from './network';
import { createPayPalPayment, type PayPalPayment, type PayPalPaymentRequest } from './paypal';
import {
  type AuthenticationRequest,
  cancelAuthentication,
  findAuthentication,
  isExpired,
  lookupAuthentication,
  type StartedAuthentication,
  startAuthentication,
} from './three-d-secure';
import { type TokenisedCard, type TokeniseRequest, type TokeniseResult, tokeniseCard } from './tokenise';
import {
  findSaleByKey,
  refundTransaction,
  type SaleRequest,
  sale,
  settleSubmitted,
  submitForSettlement,
  voidTransaction,
} from './transactions';
import { deleteVaulted, mintVaultedNonce } from './vault';
import { type DeviceWallet, tokeniseWallet, type WalletToken } from './wallets';

export type {
  AnswerInstrument,
  RejectionReason,
  SaleAnswer,
  SettlementAnswer,
  ValidationField,
  VaultAnswer,
} from './answers';
export { GatewayTimeout, GatewayUnreachable } from './network';
export { PaymentsConfigError, type PaymentsFault, readSandboxConfig, type SandboxConfig } from './settings';
export {
  type CardBehaviour,
  type InstrumentKind,
  ISSUER_DECLINES_AFTER_AUTHENTICATION,
  TEST_NONCES,
  THREE_D_SECURE_CHALLENGE_CODE,
  type ThreeDSecureScenario,
  threeDSecureScenarioOf,
} from './test-data';
export type {
  AuthenticationRequest,
  SaleRequest,
  StartedAuthentication,
  TokenisedCard,
  TokeniseRequest,
  TokeniseResult,
};

/** The variables the switches are read from (./settings.ts; default the environment) and, for tokenise and 3-D Secure, what "now" is. */
export interface GatewayOptions {
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

/** The gateway's tokenise endpoint: a card in, a one-time nonce out (only brand, last four, expiry kept). */
export function tokenise(
  db: SandboxDb,
  request: TokeniseRequest,
  options: GatewayOptions = {},
): Promise<TokeniseResult> {
  return overNetwork(() => tokeniseCard(db, request, options), options.env);
}

/** A sale (authorise, not yet captured) on the instrument behind a nonce; idempotent per key. */
export function authorise(db: SandboxDb, request: SaleRequest, options: GatewayOptions = {}): Promise<SaleAnswer> {
  return overNetwork((config) => sale(db, request, config), options.env);
}

/**
 * 3-D Secure: the card's issuer authenticates a tokenised card's nonce for an amount, frictionless or
 * with a challenge to come (./three-d-secure.ts); or why it cannot (an unknown or used nonce, not a card).
 */
export function authenticateCard(
  db: SandboxDb,
  request: AuthenticationRequest,
  options: GatewayOptions = {},
): Promise<StartedAuthentication> {
  return overNetwork(() => startAuthentication(db, request, options.now), options.env);
}

/** Where a 3-D Secure authentication stands; null when there is none or it expired. */
export function authenticationStatus(
  db: SandboxDb,
  id: string,
  options: GatewayOptions = {},
): Promise<ThreeDSecureRow | null> {
  return overNetwork(async () => {
    const authentication = await findAuthentication(db, id);
    return authentication === null || isExpired(authentication, options.now) ? null : authentication;
  }, options.env);
}

/** The shopper closed the challenge: an open one is abandoned, any other unchanged; null when there is none. */
export function cancelChallenge(
  db: SandboxDb,
  id: string,
  options: GatewayOptions = {},
): Promise<ThreeDSecureRow | null> {
  return overNetwork(() => cancelAuthentication(db, id, options.now), options.env);
}

/** The authentication as the shop's server checks it before a sale (found: false once expired). */
export function lookupThreeDSecure(
  db: SandboxDb,
  id: string,
  options: GatewayOptions = {},
): Promise<ThreeDSecureLookupAnswer> {
  return overNetwork(() => lookupAuthentication(db, id, options.now), options.env);
}

/** Submits an authorised transaction for settlement; capturing twice is harmless. */
export function capture(db: SandboxDb, transactionId: string, options: GatewayOptions = {}): Promise<SettlementAnswer> {
  return overNetwork(() => submitForSettlement(db, transactionId), options.env);
}

/** Voids an authorised transaction; voiding a voided one is harmless. */
export function voidSale(
  db: SandboxDb,
  transactionId: string,
  options: GatewayOptions = {},
): Promise<SettlementAnswer> {
  return overNetwork(() => voidTransaction(db, transactionId), options.env);
}

/** Refunds part or all of a captured sale; idempotent per key. */
export function refundSale(
  db: SandboxDb,
  transactionId: string,
  request: { amountMinor: number; idempotencyKey: string },
  options: GatewayOptions = {},
): Promise<RefundAnswer> {
  return overNetwork(() => refundTransaction(db, transactionId, request), options.env);
}

/** The sale made under an idempotency key, or none (Braintree's search by order id). */
export function lookupSale(
  db: SandboxDb,
  idempotencyKey: string,
  options: GatewayOptions = {},
): Promise<TransactionLookupAnswer> {
  return overNetwork(() => findSaleByKey(db, idempotencyKey), options.env);
}

/** Deletes a vaulted payment method (a shopper removed a saved card or PayPal account). */
export function deletePaymentMethod(
  db: SandboxDb,
  token: string,
  options: GatewayOptions = {},
): Promise<{ deleted: boolean }> {
  return overNetwork(() => deleteVaulted(db, token), options.env);
}

/**
 * A one-time nonce for a saved card (Braintree's paymentMethodNonce.create), for 3-D Secure to
 * authenticate a payment on it; null for an unknown or deleted token.
 */
export function createPaymentMethodNonce(
  db: SandboxDb,
  token: string,
  options: GatewayOptions = {},
): Promise<string | null> {
  return overNetwork(() => mintVaultedNonce(db, token, options.now), options.env);
}

/** Runs the sandbox's settlement batch (submitted -> settled); returns how many settled. */
export function settle(db: SandboxDb): Promise<number> {
  return settleSubmitted(db);
}

/** The Apple Pay / Google Pay sandbox sheet's Pay: the wallet's fixed test nonce (PAYMENTS.md). */
export function tokeniseDeviceWallet(wallet: DeviceWallet, options: GatewayOptions = {}): Promise<WalletToken> {
  return overNetwork(() => tokeniseWallet(wallet), options.env);
}

/** PayPal's create-payment call: a payment awaiting the buyer's approval on PayPal's page. */
export function createPayPal(
  db: SandboxDb,
  request: PayPalPaymentRequest,
  options: GatewayOptions = {},
): Promise<PayPalPayment> {
  return overNetwork(() => createPayPalPayment(db, request, options.now), options.env);
}

export {
  approvePayPalPayment,
  cancelPayPalPayment,
  findPayPalPayment,
  type PayPalDecision,
  type PayPalPayment,
  type PayPalPaymentRequest,
  SANDBOX_BUYER_EMAIL,
} from './paypal';
export type { DeviceWallet, WalletToken };
