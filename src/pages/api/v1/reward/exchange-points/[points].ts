/**
 * spec 7 POST /reward/exchange-points/{points} (spec 5 Loyalty exchange): points for wallet credit
 * at the member's level rate. The Idempotency-Key header makes a retry the same exchange.
 */
import { Invalid } from '@/domain/errors';
import { exchangeRangeMessage } from '@/domain/messages';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { exchangePoints, retrievePoints } from '@/server/loyalty';

export const POST = endpoint({
  who: 'customer',
  area: 'loyalty',
  idempotent: true,
  handler: async ({ user, context, idempotencyKey }) => {
    const { db } = await getDb();
    const points = Number(context.params.points);
    if (!Number.isInteger(points)) {
      throw new Invalid(exchangeRangeMessage((await retrievePoints(db, user.id)).currentPoints));
    }
    const done = await exchangePoints(db, { userId: user.id, points, requestKey: `api:${idempotencyKey}` });
    return { points: done.points, creditAmount: done.creditMinor, currency: 'GBP' as const };
  },
});
