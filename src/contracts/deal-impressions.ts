/**
 * POST /api/v1/deal/impressions (spec 7 "deal impressions by location"; decision 033): the deal cards
 * a listing page showed, sent by the browser in batches. One batch names one location (the
 * listing's short name) and up to 50 deals; a deal may appear more than once (seen again after Show more).
 */
import { z } from 'zod';
import { IMPRESSIONS_PER_BATCH } from '@/domain/impressions';
import { MESSAGES } from '@/domain/messages';
import { INT4_MAX, text } from './text';

const malformed = { error: MESSAGES.argsMalformed };
const DealIdSchema = z.number(malformed).int(malformed).min(1, malformed).max(INT4_MAX, malformed);

export const DealImpressionsSchema = z.object(
  {
    location: text(malformed)
      .trim()
      .regex(/^[a-z0-9-]{1,64}$/, malformed),
    dealIds: z
      .array(DealIdSchema, {
        error: (issue) => (issue.input === undefined ? MESSAGES.dealsMissing : MESSAGES.argsMalformed),
      })
      .min(1, { error: MESSAGES.dealsMissing })
      .max(IMPRESSIONS_PER_BATCH, malformed),
  },
  malformed,
);
export type DealImpressions = z.output<typeof DealImpressionsSchema>;
