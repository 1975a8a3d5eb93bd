/** The VIP subscription's calls (spec 7 subscription, subscription/cancel; spec 3 statuses). */
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { SUBSCRIPTION_STATUSES } from '@/domain/subscription';

/** GET /subscription (and the user subscription check: field valid). */
export const SubscriptionResponseSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  valid: z.boolean(),
  renews: z.boolean().nullable(),
  priceMinor: z.number().int().nullable(),
  /** ISO date-time the paid period ends, or null with no subscription. */
  currentPeriodEnd: z.string().nullable(),
});
export type SubscriptionResponse = z.output<typeof SubscriptionResponseSchema>;

/** POST /update-vip-status: spec 5 "A VIP status update needs a value, else args malformed". */
export const VipStatusRequestSchema = z.object({
  vipStatus: z.boolean({ message: MESSAGES.argsMalformed }),
});

/** What the VIP status calls answer. */
export const VipStatusResponseSchema = z.object({
  eligibleForVip: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
});
