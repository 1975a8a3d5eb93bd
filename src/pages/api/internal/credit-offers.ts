/**
 * Operators' promotional-credit offers (decision 021): while an offer runs, items of its
 * categories earn spec 1's promotional credit (10% up to 5 pounds each). Bearer operator token.
 */
import { NewPromotionalCreditOfferSchema } from '@/contracts/promotions';
import { createPromotionalCreditOffer, listPromotionalCreditOffers } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async () => {
    const { db } = await getDb();
    return { offers: await listPromotionalCreditOffers(db) };
  },
});

export const POST = endpoint({
  who: 'operator',
  input: NewPromotionalCreditOfferSchema,
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await createPromotionalCreditOffer(db, input, new Date()), { status: 201 });
  },
});
