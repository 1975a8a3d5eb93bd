/**
 * What the card's issuer asks of a sale under PSD2 Strong Customer Authentication (PAYMENTS.md
 * "3-D Secure 2"; docs/decisions/043-three-d-secure.md), decided before it looks at the funds:
 * - a customer-initiated sale on a tokenised card names a 3-D Secure authentication of that nonce,
 *   amount and currency, authenticated or attempted, unexpired and unused (./three-d-secure.ts), or
 *   the issuer declines it 2099 "Cardholder Authentication Required";
 * - a merchant-initiated renewal (`transactionSource: 'recurring'`) on a saved card needs none, but
 *   quotes the network reference of the sale that saved the card (the vault's, when it sends none; a
 *   card saved before authentication was asked for has none, and its renewals go on as agreed);
 *   a sale on a nonce is the shopper's own, whatever it says, and needs its authentication;
 * - a shopper's sale on a saved challenge card (one whose issuer challenged it: ./test-data.ts
 *   `isChallengeScenario`) names an authentication of a nonce minted from that card's token
 *   (./vault.ts `mintVaultedNonce`), of that amount and currency, or is declined 2099 too; a shopper's
 *   sale on any other saved card goes on as before;
 * - the fixed test nonces, PayPal, Apple Pay and Google Pay (their tokens carry the device's own
 *   cryptogram) go on as before. A customer's sale that names an authentication anyway is held to it.
 * Every authorised sale over the card networks carries a network reference: a new one for a nonce,
 * the saved card's for a vaulted token, so whatever the shop keeps is the one a renewal must quote.
 */
import { randomBytes } from 'node:crypto';
import type { GatewaySaleRequest } from '@/contracts/payment-gateway';
import type { SandboxTx } from './db/client';
import { isChallengeScenario, type SandboxInstrument, TEST_NONCES } from './test-data';
import { type AuthenticatedInstrument, claimAuthenticationForSale } from './three-d-secure';

/** The parts of a sale the issuer's check reads. */
export type AuthenticatedSale = Pick<
  GatewaySaleRequest,
  | 'nonce'
  | 'paymentMethodToken'
  | 'amountMinor'
  | 'currency'
  | 'threeDSecureAuthenticationId'
  | 'transactionSource'
  | 'networkTransactionId'
>;

/** Go on (with the network reference an authorised sale answers), or decline 2099. */
export type IssuerCheck = { ok: true; networkTransactionId: string | null } | { ok: false };

/** A card network's transaction reference: 15 digits, as Visa's transaction identifier. */
export function newNetworkTransactionId(): string {
  return (BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** 15n).toString().padStart(15, '0');
}

/** Sales over the card networks (cards and the device wallets) carry a network reference; PayPal's do not. */
function overCardNetworks(instrument: SandboxInstrument): boolean {
  return instrument.kind !== 'paypal';
}

/**
 * Uses the authentication a sale names, for this nonce or saved card, amount and currency; false
 * when it names none or one that will not do.
 */
async function claimNamed(
  tx: SandboxTx,
  sale: AuthenticatedSale,
  paidWith: AuthenticatedInstrument,
  transactionId: string,
  now: Date,
): Promise<boolean> {
  const authenticationId = sale.threeDSecureAuthenticationId;
  if (!authenticationId) return false;
  const { amountMinor, currency } = sale;
  return claimAuthenticationForSale(tx, { ...paidWith, authenticationId, amountMinor, currency, transactionId }, now);
}

/**
 * A sale on a saved instrument: a renewal must quote the saved card's reference; a shopper's sale
 * needs an authentication of the saved card when its issuer challenges it (or names one anyway).
 */
async function checkSavedInstrument(
  tx: SandboxTx,
  sale: AuthenticatedSale,
  instrument: SandboxInstrument,
  transactionId: string,
  now: Date,
): Promise<IssuerCheck> {
  const saved = instrument.networkTransactionId ?? null;
  if (sale.transactionSource === 'recurring' && instrument.kind === 'card') {
    const quoted = sale.networkTransactionId ?? saved;
    // A renewal pointing to another first payment is one the cardholder did not authenticate.
    if (saved !== null && quoted !== saved) return { ok: false };
    // A card saved before authentication was asked for has no first payment to point to: the networks
    // accept such a mandate's renewals as they stand (grandfathered), with a reference of their own.
    return { ok: true, networkTransactionId: quoted ?? newNetworkTransactionId() };
  }
  const isCard = instrument.kind === 'card';
  const asksAuthentication = isCard && isChallengeScenario(instrument.threeDSecure ?? 'frictionless');
  if (asksAuthentication || (isCard && sale.threeDSecureAuthenticationId)) {
    const paidWith = { paymentMethodToken: sale.paymentMethodToken ?? '' };
    if (!(await claimNamed(tx, sale, paidWith, transactionId, now))) return { ok: false };
  }
  return { ok: true, networkTransactionId: overCardNetworks(instrument) ? (saved ?? newNetworkTransactionId()) : null };
}

/**
 * The issuer's check of a sale on `instrument` (claimed from the sale's nonce or token), inside the
 * sale's database transaction: uses the authentication it names when one is needed or named.
 */
export async function checkStrongAuthentication(
  tx: SandboxTx,
  sale: AuthenticatedSale,
  instrument: SandboxInstrument,
  transactionId: string,
  now: Date = new Date(),
): Promise<IssuerCheck> {
  if (!sale.nonce) return checkSavedInstrument(tx, sale, instrument, transactionId, now);
  const isCard = instrument.kind === 'card';
  const isTokenisedCard = isCard && TEST_NONCES[sale.nonce] === undefined;
  if (isTokenisedCard || (isCard && sale.threeDSecureAuthenticationId)) {
    if (!(await claimNamed(tx, sale, { nonce: sale.nonce }, transactionId, now))) return { ok: false };
  }
  return { ok: true, networkTransactionId: overCardNetworks(instrument) ? newNetworkTransactionId() : null };
}
