/**
 * GET /api/v1/travel/products/deal/{id}?from (spec 7 travel/products/deal; decision 029): a travel deal's
 * options with the nights on sale (rooms left, supplements) and the check-in dates a stay can start.
 * Not cached: rooms change with every order.
 */
import { readDealId } from '@/contracts/deal-detail';
import { TravelProductsQuerySchema } from '@/contracts/travel';
import { Invalid, NotFound } from '@/domain/errors';
import { checkInDays } from '@/domain/stays';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { listStayNights } from '@/server/travel';

export const GET = endpoint({
  who: 'anyone',
  input: TravelProductsQuerySchema,
  area: 'travel',
  handler: async ({ input, context: { params } }) => {
    const id = readDealId(params.id);
    if (id === 'invalid') throw new Invalid('The deal id must be a number.');
    if (id === 'unknown') throw new NotFound('No deal has this id.');
    const { db } = await getDb();
    const deal = await retrieveDeal(db, id);
    if (!deal) throw new NotFound('No deal has this id.');
    const today = new Date().toISOString().slice(0, 10);
    const from = input.from !== undefined && input.from > today ? input.from : today;
    const nights = await listStayNights(
      db,
      deal.products.map((p) => p.id),
      from,
    );
    return json({
      dealId: deal.id,
      products: deal.products.map((p) => {
        const list = nights.get(p.id) ?? [];
        return {
          productId: p.id,
          title: p.title,
          numberOfNights: p.numberOfNights,
          price: p.price,
          nights: list.map((n) => ({
            night: n.night,
            roomsRemaining: n.roomsRemaining,
            supplement: { amountMinor: n.supplementMinor, currency: p.price.currency },
          })),
          checkInDates:
            p.numberOfNights === null
              ? []
              : checkInDays(list, p.numberOfNights, from)
                  .filter((d) => d.isAvailable)
                  .map((d) => d.date),
        };
      }),
    });
  },
});
