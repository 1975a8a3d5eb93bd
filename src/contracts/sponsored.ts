/**
 * Sponsored deals in search (decision 030): spec 3 Sponsored deal (id, adId, urlPath, isSponsored),
 * spec 4 "clicks are recorded when a deal is opened with a usr_src beginning sponsored_search_",
 * spec 7 POST sponsored session (customerToken, sessionId) and POST sponsored event (adIds, dealIds,
 * sessionId, type click or impression).
 */
import { z } from 'zod';
import { DbIdSchema, text } from './text';

export { SPONSORED_USR_SRC_PREFIX, sponsoredAdOf, sponsoredUrl } from '@/domain/sponsored';

/** At most this many sponsored deals above a search's results. */
export const SPONSORED_PER_SEARCH = 2;

export const SponsoredDealSchema = z.object({
  id: z.number().int(),
  adId: z.string(),
  urlPath: z.string(),
  isSponsored: z.literal(true),
});
export type SponsoredDeal = z.output<typeof SponsoredDealSchema>;

const SessionIdSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'sessionId must be the id the session call returned' });

/** POST /api/v1/sponsored/customer: a new session, or the browser's own again (then tied to the customer). */
export const SponsoredSessionRequestSchema = z.object({
  sessionId: SessionIdSchema.optional(),
  customerToken: text().trim().max(200).nullish(),
});

/** POST /api/v1/sponsored/impressionAndClick: each dealId with the adId at the same place. */
export const SponsoredEventSchema = z
  .object({
    adIds: z.array(text().trim().min(1).max(64)).min(1).max(50),
    dealIds: z.array(z.coerce.number().pipe(DbIdSchema)).min(1).max(50),
    sessionId: SessionIdSchema,
    type: z.enum(['click', 'impression']),
  })
  .refine((event) => event.adIds.length === event.dealIds.length, {
    message: 'adIds and dealIds must pair up',
    path: ['adIds'],
  });
export type SponsoredEvent = z.output<typeof SponsoredEventSchema>;
