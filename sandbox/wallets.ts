/**
 * The sandbox's Apple Pay and Google Pay sheets (PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * paying in the sheet hands back the documented fake nonce for the wallet's test card, as
 * Braintree's sandbox does. What the sale then does is the amount's doing (./test-data.ts).
 */
import { TEST_NONCES } from './test-data';

export type DeviceWallet = 'apple_pay' | 'google_pay';

/** The card each sandbox wallet holds, by its fixed test nonce. */
export const WALLET_NONCES: Readonly<Record<DeviceWallet, string>> = {
  apple_pay: 'fake-apple-pay-visa-nonce',
  google_pay: 'fake-android-pay-nonce',
};

export interface WalletToken {
  nonce: string;
  details: { cardType: string; lastFour: string | null };
}

/** The nonce the wallet's sheet produces, with what may be shown of its card. */
export async function tokeniseWallet(wallet: DeviceWallet): Promise<WalletToken> {
  const nonce = WALLET_NONCES[wallet];
  const instrument = TEST_NONCES[nonce];
  if (!instrument) throw new Error(`no sandbox test nonce ${nonce}`);
  return { nonce, details: { cardType: instrument.cardType, lastFour: instrument.lastFour } };
}
