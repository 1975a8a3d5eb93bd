/**
 * GET /api/v1/deal/stock?ids= (docs/decisions/048: true urgency only): the live stock behind "Only N
 * left" on cards and the deal page, read now, whose cached HTML carries no count. A count comes back
 * only at or under the threshold; the answer may be cached for a few seconds.
 */
import { type LiveStock, LiveStockQuerySchema } from '@/contracts/live-stock';
import { fewLeftCount, LIVE_STOCK_MAX_AGE_SECONDS } from '@/domain/urgency';
import { listLiveStock } from '@/server/catalog';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const prerender = false;

export const GET = endpoint({
  who: 'anyone',
  input: LiveStockQuerySchema,
  area: 'catalog',
  handler: async ({ input: { ids } }) => {
    const { db } = await getDb();
    const stock = await listLiveStock(db, ids, new Date());
    const answer: LiveStock = {
      deals: stock.map((deal) => ({
        dealId: deal.dealId,
        left: fewLeftCount(deal.remaining, deal.isSoldOut),
        isSoldOut: deal.isSoldOut,
        products: deal.products.map((product) => ({
          productId: product.productId,
          left: fewLeftCount(product.remaining, product.isSoldOut),
          isSoldOut: product.isSoldOut,
        })),
      })),
    };
    return json(answer, { cacheSeconds: LIVE_STOCK_MAX_AGE_SECONDS });
  },
});
