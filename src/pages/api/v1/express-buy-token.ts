/**
 * spec 7 public service POST /v1/express-buy-token, payload expressBuyTokenRequest with email: for
 * the signed-in shopper's own email, a 30-minute token for Express Buy with their default saved
 * instrument, named for the button. 401 signed out; 403 another email; 404 no default; 409 expired.
 */
import { ExpressBuyTokenRequestSchema } from '@/contracts/express-buy';
import { getDb } from '@/server/db';
import { issueExpressBuyToken } from '@/server/express-buy';
import { endpoint, json, refusalResponse } from '@/server/http';

// spec 7 "An express token failure is logged and rethrown": logged by the boundary, answered as a failure.
export const POST = endpoint({
  who: 'customer',
  input: ExpressBuyTokenRequestSchema,
  invalid: 'firstField',
  area: 'express-buy-token',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const { email } = input.expressBuyTokenRequest;
    const issued = await issueExpressBuyToken(db, user, email, new Date());
    return issued.ok ? json(issued.token, { status: 201 }) : refusalResponse(issued);
  },
});
