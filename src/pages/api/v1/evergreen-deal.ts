/**
 * GET /api/v1/evergreen-deal?path&dealIdOverride (spec 7 the evergreen-deals service and deals by
 * path with a deal id override; decision 029): the deal an evergreen path shows now. Without an override
 * the evergreen mapping supplies one; with neither it is spec 8's "dealIdOverride must be specified
 * on Evergreen path" (400).
 */
import { EvergreenDealQuerySchema } from '@/contracts/travel';
import { Invalid, NotFound } from '@/domain/errors';
import { PathRuleError, resolveDealFeedPath } from '@/domain/page-type';
import { getDb } from '@/server/db';
import { endpoint, evergreenSlugOf, json } from '@/server/http';
import { resolveEvergreenDeal } from '@/server/travel';

export const GET = endpoint({
  who: 'anyone',
  input: EvergreenDealQuerySchema,
  area: 'travel',
  handler: async ({ input }) => {
    const { db } = await getDb();
    let override = input.dealIdOverride;
    const slug = evergreenSlugOf(input.path.split('?')[0] ?? '');
    if (override === undefined && slug !== null) override = (await resolveEvergreenDeal(db, slug)) ?? undefined;
    let dealId: number | undefined;
    try {
      dealId = resolveDealFeedPath({
        path: input.path,
        ...(override === undefined ? {} : { dealIdOverride: override }),
      }).dealId;
    } catch (error) {
      if (error instanceof PathRuleError) throw new Invalid(error.message);
      throw error;
    }
    if (dealId === undefined) throw new NotFound('This path names no deal.');
    return json({ path: input.path, dealId, url: `/deal/${dealId}` });
  },
});
