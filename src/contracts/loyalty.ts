/**
 * The loyalty club's calls (spec 7 /reward/*; spec 3 Loyalty status and club engagement stores).
 */
import { z } from 'zod';
import { LOYALTY_LEVELS } from '@/domain/loyalty';

const LevelSchema = z.object({
  name: z.enum(LOYALTY_LEVELS),
  /** Pounds of wallet credit per point. */
  exchangeRate: z.number(),
  /** spec 3 tier colour, hex without #. */
  colour: z.string(),
});

/** GET /reward/details: spec 3 Loyalty status. */
export const LoyaltyStatusSchema = z.object({
  currentLevel: LevelSchema,
  nextLevel: LevelSchema.nullable(),
  lifetimePoints: z.number().int(),
  currentPoints: z.number().int(),
  pointsToNextLevel: z.number().int(),
  exchangeRate: z.number(),
  canExchange: z.boolean(),
  loyaltyActivityDescriptions: z.array(
    z.object({ description: z.string(), points: z.number().int(), date: z.string() }),
  ),
  /** spec 3: the points count from the player activity count. */
  playerActivityCount: z.number().int(),
});
export type LoyaltyStatusResponse = z.output<typeof LoyaltyStatusSchema>;

/** POST /reward/exchange-points/{points}: what the exchange gave. */
export const ExchangeResponseSchema = z.object({
  points: z.number().int(),
  creditAmount: z.number().int(),
  currency: z.literal('GBP'),
});

const DealIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** spec 3 club engagement store viewDealData. */
export const ViewDealSchema = z.object({ dealId: DealIdSchema, locationSite: z.string().max(80).optional() });
/** spec 3 club engagement store shareDealData. */
export const ShareDealSchema = z.object({ dealId: DealIdSchema, publisherSource: z.string().max(80).optional() });

/** POST /reward/viewDeal (body viewDeal). */
export const ViewDealRequestSchema = z.object({ viewDeal: ViewDealSchema });
/** POST /reward/shareDeal (body shareDeal). */
export const ShareDealRequestSchema = z.object({ shareDeal: ShareDealSchema });

/** POST /reward/bulkPublishEvents (spec 7 club engagement): customerToken, downloadToolbar, shareDeal and viewDeal lists. */
export const ClubEngagementSchema = z.object({
  customerToken: z.string().optional(),
  downloadToolbar: z.unknown().optional(),
  shareDeal: z.array(ShareDealSchema).max(50).default([]),
  viewDeal: z.array(ViewDealSchema).max(50).default([]),
});

/** What an engagement call earned. */
export const EngagementResponseSchema = z.object({ pointsEarned: z.number().int() });
