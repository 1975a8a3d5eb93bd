/**
 * POST /sandbox/wallets/tokenize: what the sandbox's Apple Pay / Google Pay sheet calls when the
 * shopper presses Pay (PAYMENTS.md "PayPal, Apple Pay, Google Pay"): the wallet's fixed test nonce
 * comes back, as Braintree's sandbox gives it. Through the simulated network (PAYMENTS_FAULT).
 */
import type { APIRoute } from 'astro';
import { type WalletTokenizeResponse, WalletTokenizeSchema } from '@/contracts/wallet-tokenize';
import { tokeniseDeviceWallet } from '@/sandbox';
import { answerGatewayRequest } from '@/sandbox/endpoint';
import { json } from '@/server/http/api';

const ENDPOINT = {
  schema: WalletTokenizeSchema,
  hint: 'Send JSON {wallet: "apple_pay" | "google_pay"}.',
  fallback: 'Name the wallet.',
};

export const POST: APIRoute = ({ request }) =>
  answerGatewayRequest(request, ENDPOINT, async ({ wallet }) => {
    const token = await tokeniseDeviceWallet(wallet);
    const answer: WalletTokenizeResponse = { nonce: token.nonce, details: token.details };
    return json(answer);
  });
