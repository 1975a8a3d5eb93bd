/**
 * The sandbox gateway's Apple Pay / Google Pay sheet call (PAYMENTS.md "PayPal, Apple Pay, Google
 * Pay"): what the sheet posts to `${PAYMENTS_GATEWAY_URL}/wallets/tokenize` and the fake nonce back.
 */
import { z } from 'zod';

export const WalletTokenizeSchema = z.object({
  wallet: z.enum(['apple_pay', 'google_pay'], { error: 'wallet must be apple_pay or google_pay.' }),
});
export type WalletTokenizeRequest = z.input<typeof WalletTokenizeSchema>;

/** 200 answer: the one-time nonce and what may be shown of the wallet's card. */
export interface WalletTokenizeResponse {
  nonce: string;
  details: { cardType: string; lastFour: string | null };
}
