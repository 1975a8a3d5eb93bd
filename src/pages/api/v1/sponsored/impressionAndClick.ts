/**
 * POST /api/v1/sponsored/impressionAndClick (spec 7 "POST sponsored event": adIds, dealIds, sessionId,
 * type click or impression; decision 030). Records the session's impressions (sponsored cards seen on a
 * search page) or clicks (a deal opened with usr_src sponsored_search_{adId}); a deal with no sponsored
 * entry is logged "no sponsored deal entry for: {id}" and left out. Answers `{ recorded }`; an unknown
 * session is a 404.
 */
import { SponsoredEventSchema } from '@/contracts/sponsored';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { recordSponsoredEvent } from '@/server/sponsored';

export const POST = endpoint({
  who: 'anyone',
  input: SponsoredEventSchema,
  area: 'sponsored',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await recordSponsoredEvent(db, input), { status: 202 });
  },
});
