/**
 * POST /api/v1/analytics/events (spec 7 Analytics; spec 9 Timing; decision 059): what the browser's
 * analytics module sends, one event a call: a page view, the position of a clicked deal card, or the
 * order shown on the order confirmation. Sent by sendBeacon (text/plain) or a keepalive fetch.
 */
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { INT4_MAX, text } from './text';

const malformed = { error: MESSAGES.argsMalformed };
const IdSchema = z.number(malformed).int(malformed).min(1, malformed).max(INT4_MAX, malformed);
const PathSchema = text(malformed).max(2000, malformed).regex(/^\//, malformed);

export const AnalyticsEventSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('page_view'),
      path: PathSchema,
      pageType: text(malformed)
        .regex(/^[a-z0-9_-]{1,40}$/, malformed)
        .optional(),
    }),
    z.object({
      type: z.literal('click_position'),
      path: PathSchema,
      dealId: IdSchema,
      list: text(malformed).regex(/^[a-z0-9-]{1,64}$/, malformed),
      position: z.number(malformed).int(malformed).min(1, malformed).max(1000, malformed),
    }),
    z.object({ type: z.literal('order'), orderId: IdSchema }),
  ],
  malformed,
);
export type AnalyticsEvent = z.output<typeof AnalyticsEventSchema>;

/** The answer: how many rows were written (0 without consent, or for an order tracked already). */
export const AnalyticsAnswerSchema = z.object({ recorded: z.number().int() });
export type AnalyticsAnswer = z.output<typeof AnalyticsAnswerSchema>;
