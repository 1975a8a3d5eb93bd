/**
 * Operators' promotion codes (decision 021). GET lists every code with its uses and what they
 * took off; POST creates one. Needs `Authorization: Bearer $OPERATOR_TOKEN` (404 without a token set).
 */
import { NewPromoCodeSchema } from '@/contracts/promotions';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { createPromoCode, listPromoCodes } from '@/server/promotions';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  handler: async () => {
    const { db } = await getDb();
    return { promoCodes: await listPromoCodes(db) };
  },
});

export const POST = endpoint({
  who: 'operator',
  input: NewPromoCodeSchema,
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    return json(await createPromoCode(db, input, new Date()), { status: 201 });
  },
});
