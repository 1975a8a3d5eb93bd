/**
 * The operator's closure of a merchant (docs/decisions/045): what POST
 * /api/internal/merchants/{id}/closure accepts, and the search of GET /api/internal/merchants.
 */
import { z } from 'zod';
import { isIsoDate } from '@/domain/stays';
import { text } from './text';

export const MerchantClosureSchema = z
  .object({
    /** The UK day the merchant stopped trading (YYYY-MM-DD), not after today. */
    closedOn: text().refine(isIsoDate, { error: 'closedOn must be a date written YYYY-MM-DD' }),
    reason: text()
      .trim()
      .min(3, { error: 'Give a reason of at least 3 characters' })
      .max(500, { error: 'Keep the reason to 500 characters' }),
  })
  .strict();

export type MerchantClosureInput = z.output<typeof MerchantClosureSchema>;

export const MerchantSearchSchema = z.object({
  q: text().trim().max(100, { error: 'Search with at most 100 characters' }).default(''),
});
