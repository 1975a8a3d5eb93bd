/**
 * What the merchant dashboard's forms and the spec 7 /merchant-dashboard-url call carry (decision 024).
 */
import { z } from 'zod';
import { blankable, DbIdInputSchema, text } from './text';

/** The redeem form: which merchant, the code and security code as typed or scanned. */
export const RedeemFormSchema = z.object({
  merchantId: DbIdInputSchema,
  code: blankable(text().max(64)),
  securityCode: blankable(text().max(32)),
  method: z.enum(['typed', 'camera']).default('typed'),
});

/** An owner invites a colleague by email. */
export const InviteFormSchema = z.object({
  merchantId: DbIdInputSchema,
  email: text().max(254),
  role: z.enum(['owner', 'staff']).default('staff'),
});

/** An owner removes a colleague, or withdraws an invitation. */
export const TeamChangeFormSchema = z.object({
  merchantId: DbIdInputSchema,
  intent: z.enum(['remove', 'revoke']),
  id: DbIdInputSchema,
});

/** Accepting an emailed invitation. */
export const AcceptInviteFormSchema = z.object({ token: text().min(1).max(100) });

/** spec 7 /merchant-dashboard-url?merchantType=: the kinds of merchant we sell for. */
export const MerchantTypeSchema = z.enum(['local', 'travel', 'product']);

export const MerchantDashboardUrlQuerySchema = z.object({ merchantType: MerchantTypeSchema.default('local') });

export const MerchantDashboardUrlResponseSchema = z.object({
  url: z.string(),
  merchantType: MerchantTypeSchema,
});
export type MerchantDashboardUrlResponse = z.output<typeof MerchantDashboardUrlResponseSchema>;

/** A member submits or refreshes the evidence for an option's original price. */
export const PriceEvidenceFormSchema = z.object({
  merchantId: DbIdInputSchema,
  dealProductId: DbIdInputSchema,
  source: z.enum(['merchant_price_list', 'retailer']),
  retailer: text().max(120).optional(),
  sourceUrl: text().max(500).optional(),
});
