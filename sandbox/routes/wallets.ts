/**
 * POST /wallets/tokenize: what the sandbox's Apple Pay / Google Pay sheet calls when the shopper
 * presses Pay (PAYMENTS.md "PayPal, Apple Pay, Google Pay"): the wallet's fixed test nonce comes
 * back, as Braintree's sandbox gives it. Through the simulated network (PAYMENTS_FAULT).
 */
import { type WalletTokenizeResponse, WalletTokenizeSchema } from '@/contracts/wallet-tokenize';
import { answerGatewayRequest } from '../endpoint';
import { json } from '../http';
import { tokeniseDeviceWallet } from '../index';
import type { SandboxContext } from './context';

const ENDPOINT = {
  schema: WalletTokenizeSchema,
  hint: 'Send JSON {wallet: "apple_pay" | "google_pay"}.',
  fallback: 'Name the wallet.',
};

export function tokeniseWalletCall(request: Request, { env }: SandboxContext): Promise<Response> {
  return answerGatewayRequest(request, ENDPOINT, async ({ wallet }) => {
    const token = await tokeniseDeviceWallet(wallet, { env });
    const answer: WalletTokenizeResponse = { nonce: token.nonce, details: token.details };
    return json(answer);
  });
}
