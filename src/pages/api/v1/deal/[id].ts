/**
 * GET /api/v1/deal/{id} (spec 7 public "deal"): one deal as the DealDetail contract. The VIP
 * subscription deal (spec 1 and 9, 18927099; spec 7 "GET deal by id for the VIP subscription deal")
 * is sold but never listed, so it is read here by its id alone, with the membership's terms beside
 * it (price, monthly renewal until cancelled, how to cancel, the 14-day cooling-off; decision 047).
 */
import { readDealId } from '@/contracts/deal-detail';
import { Invalid, NotFound } from '@/domain/errors';
import { VIP_SUBSCRIPTION_DEAL_ID, vipMembershipTerms } from '@/domain/subscription';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  area: 'catalog',
  handler: async ({ context: { params } }) => {
    const id = readDealId(params.id);
    if (id === 'invalid') throw new Invalid('The deal id must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const { db } = await getDb();
    const isMembership = id === VIP_SUBSCRIPTION_DEAL_ID;
    const deal = await retrieveDeal(db, id, new Date(), { includeDrafts: isMembership });
    if (!deal) throw new NotFound('No deal has this id.');
    if (isMembership) {
      const [option] = deal.products;
      const terms = vipMembershipTerms(option?.price.amountMinor ?? Number.POSITIVE_INFINITY, option?.price.currency);
      // Sold, not a draft: the membership's status keeps it out of listings, not off sale.
      return json({ ...deal, isPreview: false, membership: terms }, { cacheSeconds: CACHE_AGE_SECONDS });
    }
    return json(deal, { cacheSeconds: CACHE_AGE_SECONDS });
  },
});
