/**
 * POST /express-buy/authentication-nonce {token}: a one-time nonce of the saved card the signed-in
 * shopper's Express Buy token pays with, which their browser authenticates by 3-D Secure when the
 * card's issuer asks to authenticate the purchase (PAYMENTS.md "3-D Secure 2"; decision 043), before
 * buying again with the authentication. 201 `{ nonce }`; 401 signed out, or the token unknown or
 * expired; 404 when the card is no longer saved.
 */
import type { AuthenticationNonceResponse } from '@/contracts/customer';
import { ExpressBuyAuthenticationNonceRequestSchema } from '@/contracts/express-buy';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { expressBuyAuthenticationNonce } from '@/server/express-buy';
import { endpoint, json, refusalResponse } from '@/server/http';

export const POST = endpoint({
  who: 'customer',
  input: ExpressBuyAuthenticationNonceRequestSchema,
  invalid: 'firstField',
  area: 'express-buy',
  unexpected: MESSAGES.providerUnreachable,
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const minted = await expressBuyAuthenticationNonce(db, { user, token: input.token, now: new Date() });
    if (!minted.ok) return refusalResponse(minted);
    const answer: AuthenticationNonceResponse = { nonce: minted.nonce };
    return json(answer, { status: 201 });
  },
});
