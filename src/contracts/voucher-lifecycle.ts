/**
 * Issue 18: what the voucher lifecycle's forms and spec 7 calls take (voucher/vve, voucher/pmv/refund,
 * create-return-order, returns/returns-label, returns/pdf, deal/redeem-instructions, order-addon).
 */
import { z } from 'zod';
import { DbIdInputSchema } from './text';

/** What a shopper asks of a voucher from /myaccount/vouchers. */
export const VoucherIntentSchema = z.enum(['refundCard', 'credit', 'return', 'posted', 'consent']);
export type VoucherIntent = z.output<typeof VoucherIntentSchema>;

/** The /myaccount/vouchers forms: one intent on one voucher (consent carries the checkbox). */
export const VoucherLifecycleFormSchema = z.object({
  intent: VoucherIntentSchema,
  voucherId: DbIdInputSchema,
  consent: z.string().optional(),
});

/** spec 7 voucher/pmv/refund: refund a voucher to the card, or take it as wallet credit. */
export const VoucherRefundRequestSchema = z.object({
  voucherId: z.number({ error: 'voucherId must be a voucher id.' }).int().positive(),
  refundTo: z.enum(['card', 'wallet'], { error: 'refundTo must be card or wallet.' }).default('card'),
});

/** spec 7 create-return-order and returns calls: one voucher. */
export const VoucherIdRequestSchema = z.object({
  voucherId: DbIdInputSchema,
});

/** spec 3 addonType. */
export const AddonTypeSchema = z.enum(['VVE', 'DVP'], { error: 'addonType must be VVE or DVP.' });

/**
 * The /order-addon form: the add-on, the option chosen with the price shown for it ("months:pence",
 * months 0 for DVP), and how to pay (a saved instrument, or "new" with the card's one-time nonce).
 */
export const OrderAddonFormSchema = z
  .object({
    voucherId: DbIdInputSchema,
    addonType: AddonTypeSchema,
    option: z
      .string({ error: 'Choose an option.' })
      .regex(/^[0-3]:\d{1,7}$/, { error: 'Choose an option.' })
      .transform((value) => {
        const [months = '0', price = '0'] = value.split(':');
        return { months: Number(months), expectedMinor: Number(price) };
      }),
    idempotencyKey: z.string().min(8).max(255),
    instrumentId: z.string().max(20).optional(),
    nonce: z.string().max(200).optional(),
  })
  .refine((form) => form.addonType === 'DVP' || form.option.months > 0, {
    error: 'Choose how many months to extend by.',
    path: ['option'],
  })
  .refine((form) => (form.instrumentId && form.instrumentId !== 'new') || form.nonce, {
    error: 'Choose a saved card or enter a new card.',
    path: ['nonce'],
  });

/** spec 7 deal/redeem-instructions?dealId= */
export const RedeemInstructionsQuerySchema = z.object({ dealId: DbIdInputSchema });

/** What voucher/pmv/refund answers: how much went back where. */
export const VoucherRefundResponseSchema = z.object({
  voucherId: z.number().int(),
  refundedTo: z.enum(['card', 'wallet']),
  cardMinor: z.number().int(),
  walletMinor: z.number().int(),
  /** The card part is on its way (the provider did not answer yet; retried hourly). */
  cardPending: z.boolean(),
  refundType: z.literal('ON_DEMAND_REFUND'),
});

/** create-return-order and returns/returns-label: the return's reference and its label. */
export const ReturnLabelResponseSchema = z.object({
  voucherId: z.number().int(),
  reference: z.string(),
  labelUrl: z.string(),
});

/** deal/redeem-instructions: how the deal's voucher is used. */
export const RedeemInstructionsResponseSchema = z.object({
  dealId: z.number().int(),
  headline: z.string(),
  instructions: z.array(z.string()),
});
