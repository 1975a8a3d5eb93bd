/**
 * POST /api/v1/deal/impressions (spec 7 "deal impressions by location"; decision 033): a batch of the
 * deal cards a listing page showed, `{ location, dealIds }`, sent by the browser (sendBeacon or a
 * keepalive fetch) and added to the day's count per deal and location. Bad input is a 400 in spec 5's
 * words ("args malformed", "Deals missing"). Answers 202 `{ recorded }`.
 */
import { DealImpressionsSchema } from '@/contracts/deal-impressions';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { recordDealImpressions } from '@/server/impressions';

export const POST = endpoint({
  who: 'anyone',
  input: DealImpressionsSchema,
  invalid: 'firstField',
  area: 'impressions',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await recordDealImpressions(db, input), { status: 202 });
  },
});
