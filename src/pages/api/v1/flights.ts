/** GET /api/v1/flights?dealId (spec 7 flights; decision 029): each option's departure airports and supplements. */
import { readDealId } from '@/contracts/deal-detail';
import { FlightsQuerySchema } from '@/contracts/travel';
import { Invalid, NotFound } from '@/domain/errors';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { listDepartureAirports } from '@/server/travel';

export const GET = endpoint({
  who: 'anyone',
  input: FlightsQuerySchema,
  area: 'travel',
  handler: async ({ input }) => {
    const id = readDealId(input.dealId);
    if (id === 'invalid') throw new Invalid('dealId must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const { db } = await getDb();
    const deal = await retrieveDeal(db, id);
    if (!deal) throw new NotFound('No deal has this id.');
    const airports = await listDepartureAirports(
      db,
      deal.products.map((p) => p.id),
    );
    const currency = deal.products[0]?.price.currency ?? 'GBP';
    return json(
      {
        dealId: deal.id,
        products: [...airports].map(([productId, list]) => ({
          productId,
          airports: list.map((a) => ({
            code: a.code,
            name: a.name,
            supplement: { amountMinor: a.supplementMinor, currency },
          })),
        })),
      },
      { cacheSeconds: CACHE_AGE_SECONDS },
    );
  },
});
