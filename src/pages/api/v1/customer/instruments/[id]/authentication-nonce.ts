/**
 * POST /customer/instruments/{id}/authentication-nonce: a one-time nonce of the signed-in shopper's
 * saved card, which their browser authenticates by 3-D Secure when the card's issuer asks to
 * authenticate a payment on it (PAYMENTS.md "3-D Secure 2"; decision 043), before paying again with
 * the authentication. 201 `{ nonce }`; 401 signed out; 404 for an id that is not their saved card.
 */
import type { AuthenticationNonceResponse } from '@/contracts/customer';
import { InstrumentIdSchema } from '@/contracts/customer';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { createAuthenticationNonce } from '@/server/instruments';

export const POST = endpoint({
  who: 'customer',
  area: 'customer',
  unexpected: MESSAGES.providerUnreachable,
  handler: async ({ context, user }) => {
    const id = InstrumentIdSchema.safeParse(context.params.id);
    if (!id.success) throw new NotFound(CHECKOUT_COPY.instrumentNotFound);
    const { db } = await getDb();
    const answer: AuthenticationNonceResponse = { nonce: await createAuthenticationNonce(db, user.id, id.data) };
    return json(answer, { status: 201 });
  },
});
