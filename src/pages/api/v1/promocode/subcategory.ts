/**
 * spec 7 promocode/subcategory: which categories and sub-categories a promotion code is limited to
 * (empty lists: every item). GET /api/v1/promocode/subcategory?code=SAVE20. An unknown code is a 404
 * with spec 5's "invalid" class of message.
 */
import { z } from 'zod';
import { text } from '@/contracts/text';
import { NotFound } from '@/domain/errors';
import { PROMO_MESSAGES } from '@/domain/promotions';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { retrievePromoCode } from '@/server/promotions';

export const GET = endpoint({
  who: 'anyone',
  input: z.object({ code: text().trim().min(1).max(40) }),
  area: 'promotions',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const row = await retrievePromoCode(db, input.code);
    if (row === null) throw new NotFound(PROMO_MESSAGES.invalid);
    return { code: row.code, categoryIds: row.categoryIds, subCategoryIds: row.subCategoryIds };
  },
});
