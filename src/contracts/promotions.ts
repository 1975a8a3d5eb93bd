/**
 * Promotion codes, credit-claim campaigns and promotional-credit offers (decision 021) as operators create
 * them through /api/internal, and the credit claim (spec 3 "Credit claim response": status,
 * creditAmount, currency; spec 7 user/campaign-credit-claim) as the page's script reads it.
 * Amounts are integer pence.
 */
import { z } from 'zod';
import { text } from './text';

const Currency = z.enum(['GBP', 'EUR']);
const When = z.iso.datetime({ offset: true });
const Ids = z.array(z.number().int().positive()).max(100).default([]);

export const NewPromoCodeSchema = z
  .object({
    code: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, 'A code is 3 to 40 letters, digits, - or _'),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z.number().int().min(1).max(100).optional(),
    amountOffMinor: z.number().int().min(1).max(1_000_000).optional(),
    currency: Currency.default('GBP'),
    minSpendMinor: z.number().int().min(0).max(10_000_000).default(0),
    /** Total uses; absent: no limit. */
    maxUses: z.number().int().min(1).max(10_000_000).nullable().default(null),
    /** Uses per shopper; null: no limit. */
    perUserLimit: z.number().int().min(1).max(1000).nullable().default(1),
    startsAt: When.optional(),
    endsAt: When.nullable().default(null),
    categoryIds: Ids,
    subCategoryIds: Ids,
    firstOrderOnly: z.boolean().default(false),
    /** Who may use it (docs/decisions/048): every shopper, VIP members only, or shoppers who are not VIP. */
    audience: z.enum(['all', 'vip', 'non-vip'], { error: 'audience must be all, vip or non-vip' }).default('all'),
    description: text().trim().max(200).default(''),
  })
  .strict()
  .refine((c) => (c.kind === 'percent' ? c.percentOff !== undefined : c.amountOffMinor !== undefined), {
    message: 'A percent code needs percentOff; a fixed code needs amountOffMinor',
  });
export type NewPromoCode = z.output<typeof NewPromoCodeSchema>;

export const NewCreditCampaignSchema = z
  .object({
    /** spec 5: the credit_validation value is digits only. */
    claimCode: text().regex(/^\d{1,18}$/, 'A claim code is digits only'),
    name: text().trim().min(1).max(120),
    amountMinor: z.number().int().min(1).max(100_000),
    currency: Currency.default('GBP'),
    /** Days the credit lasts once claimed; absent: spec 4's 12 months. */
    creditValidDays: z.number().int().min(1).max(3650).nullable().default(null),
    startsAt: When.optional(),
    endsAt: When.nullable().default(null),
  })
  .strict();
export type NewCreditCampaign = z.output<typeof NewCreditCampaignSchema>;

export const NewPromotionalCreditOfferSchema = z
  .object({
    name: text().trim().min(1).max(120),
    categoryIds: Ids,
    startsAt: When.optional(),
    endsAt: When.nullable().default(null),
  })
  .strict();
export type NewPromotionalCreditOffer = z.output<typeof NewPromotionalCreditOfferSchema>;

/** POST /api/v1/user/campaign-credit-claim: spec 7 "payload an id number". */
export const CreditClaimRequestSchema = z.object({ id: z.union([z.number().int().nonnegative(), text()]) });

/** spec 3 Credit claim response. */
export const CreditClaimResponseSchema = z.object({
  status: z.enum(['SUCCESS', 'ALREADY_CLAIMED', 'INVALID']),
  creditAmount: z.number().int().nullable(),
  currency: Currency.nullable(),
});
export type CreditClaimResponse = z.output<typeof CreditClaimResponseSchema>;
