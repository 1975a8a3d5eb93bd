/**
 * POST /sandbox/wallets/tokenize: what the sandbox's Apple Pay / Google Pay sheet calls when the
 * shopper presses Pay (PAYMENTS.md "PayPal, Apple Pay, Google Pay"): the wallet's fixed test nonce
 * comes back, as Braintree's sandbox gives it. Through the simulated network (PAYMENTS_FAULT).
 */
import type { APIRoute } from 'astro';
import { type WalletTokenizeResponse, WalletTokenizeSchema } from '../../../contracts/wallet-tokenize';
import { MESSAGES } from '../../../domain/messages';
import { apiError, json } from '../../../server/http/api';
import { GatewayTimeout, GatewayUnreachable, tokeniseDeviceWallet } from '../../../server/payments/sandbox';

function privately(response: Response): Response {
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const POST: APIRoute = async ({ request }) => {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return privately(apiError(400, 'Send JSON {wallet: "apple_pay" | "google_pay"}.'));
  }
  const parsed = WalletTokenizeSchema.safeParse(body);
  if (!parsed.success) return privately(apiError(400, parsed.error.issues[0]?.message ?? 'Name the wallet.'));
  try {
    const token = await tokeniseDeviceWallet(parsed.data.wallet);
    const answer: WalletTokenizeResponse = { nonce: token.nonce, details: token.details };
    return privately(json(answer));
  } catch (error) {
    if (error instanceof GatewayUnreachable) return privately(apiError(503, MESSAGES.providerUnreachable));
    if (error instanceof GatewayTimeout) return privately(apiError(504, MESSAGES.connectionTimeout));
    throw error;
  }
};
