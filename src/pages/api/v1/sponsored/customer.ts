/**
 * POST /api/v1/sponsored/customer (spec 7 "POST sponsored session", payload customerToken and
 * sessionId; decision 030): the browser's sponsored session, kept (and tied to the signed-in customer)
 * when it sends its id, else a new one. Answers `{ sessionId }`. A customerToken other than the
 * signed-in customer's own is refused (403). Personal: never cached.
 */
import { SponsoredSessionRequestSchema } from '@/contracts/sponsored';
import { Forbidden } from '@/domain/errors';

import { getDb } from '@/server/db';
import { currentUser, endpoint, json } from '@/server/http';
import { startSponsoredSession } from '@/server/sponsored';

export const POST = endpoint({
  who: 'anyone',
  input: SponsoredSessionRequestSchema,
  area: 'sponsored',
  handler: async ({ input, context }) => {
    const user = await currentUser(context);
    const asked = input.customerToken ?? null;
    if (asked !== null && asked !== user?.customerToken)
      throw new Forbidden('You can only use your own customer token.');
    const { db } = await getDb();
    const sessionId = await startSponsoredSession(db, {
      ...(input.sessionId === undefined ? {} : { sessionId: input.sessionId }),
      customerToken: user?.customerToken ?? null,
    });
    return json({ sessionId });
  },
});
