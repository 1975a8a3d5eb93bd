/**
 * What the voucher lifecycle's forms and spec 7 calls take (decision 026; voucher/vve, voucher/pmv/refund,
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
 * months 0 for DVP), and how to pay (a saved instrument, or "new" with the card's one-time nonce and
 * its 3-D Secure authentication for that price: PAYMENTS.md "3-D Secure 2").
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
    threeDSecureAuthenticationId: z.string().max(200).optional(),
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

/**
 * How a spec 7 add-on call pays: a saved instrument of the shopper's (instrumentId), or a new card's
 * one-time nonce from the gateway's tokeniser (never a card number) with its 3-D Secure
 * authentication for the price (src/contracts/three-d-secure.ts; PAYMENTS.md "3-D Secure 2").
 */
const addonPaymentFields = {
  instrumentId: z.number({ error: 'instrumentId must be a saved payment method id.' }).int().positive().optional(),
  nonce: z.string().min(1).max(200).optional(),
  threeDSecureAuthenticationId: z.string().min(1).max(200).optional(),
  /** The price the shopper was quoted, in pence: another price refuses the purchase before any money moves. */
  expectedMinor: z
    .number({ error: 'expectedMinor must be the quoted price in pence.' })
    .int({ error: 'expectedMinor must be the quoted price in pence.' })
    .min(0),
};

const needsPayment = (body: { instrumentId?: number; nonce?: string }) =>
  body.instrumentId !== undefined || body.nonce !== undefined;
const PAYMENT_NEEDED = { error: 'Send instrumentId (a saved card) or nonce (a new card).', path: ['nonce'] };

const voucherIdField = z.number({ error: 'voucherId must be a voucher id.' }).int().positive();
const monthsField = z
  .number({ error: 'months must be 1, 2 or 3.' })
  .int({ error: 'months must be 1, 2 or 3.' })
  .min(1, { error: 'months must be 1, 2 or 3.' })
  .max(3, { error: 'months must be 1, 2 or 3.' });

/** spec 7 GET voucher/vve?voucherId= and GET order-addon?voucherId=: which voucher. */
export const AddonQuoteQuerySchema = z.object({ voucherId: DbIdInputSchema });

/** spec 7 POST voucher/vve: extend one of your vouchers by 1 to 3 months (spec 9: 3 in all). */
export const VoucherExtensionRequestSchema = z
  .object({ voucherId: voucherIdField, months: monthsField, ...addonPaymentFields })
  .refine(needsPayment, PAYMENT_NEEDED);

/** spec 7 POST order-addon: an add-on order (spec 3 addonType VVE with months, or DVP) for one voucher. */
export const OrderAddonRequestSchema = z
  .object({
    voucherId: voucherIdField,
    addonType: AddonTypeSchema,
    months: monthsField.optional(),
    ...addonPaymentFields,
  })
  .refine((body) => body.addonType === 'DVP' || body.months !== undefined, {
    error: 'months (1 to 3) is needed to extend a voucher.',
    path: ['months'],
  })
  .refine(needsPayment, PAYMENT_NEEDED);

/** What an add-on costs and does for a voucher (GET voucher/vve, GET order-addon). */
export const AddonQuoteResponseSchema = z.object({
  voucherId: z.number().int(),
  code: z.string(),
  status: z.string(),
  expiresAt: z.string(),
  currency: z.enum(['GBP', 'EUR']),
  monthsLeft: z.number().int(),
  extensions: z.array(z.object({ months: z.number().int(), amountMinor: z.number().int(), newExpiresAt: z.string() })),
  protectionMinor: z.number().int(),
  isProtected: z.boolean(),
  /** Why each add-on cannot be bought now, or null. */
  extendRefusal: z.string().nullable(),
  protectRefusal: z.string().nullable(),
});
export type AddonQuoteResponse = z.output<typeof AddonQuoteResponseSchema>;

/** What a bought add-on answers (201; a repeat of the Idempotency-Key answers the same, 200). */
export const AddonOrderResponseSchema = z.object({
  orderId: z.number().int(),
  voucherId: z.number().int(),
  addonType: AddonTypeSchema,
  expiresAt: z.string(),
  isProtected: z.boolean(),
});

/** The merchant's Returns page: a member marks one returned parcel received. */
export const ReturnReceivedFormSchema = z.object({
  merchantId: DbIdInputSchema,
  voucherId: DbIdInputSchema,
});

/**
 * The voucher page's "Send as a gift" form (spec 4 redemption event key gifting): who gets it. Text
 * fields may arrive absent (an empty field); the gifting service says what is missing.
 */
/** Cancel the gift a voucher waits in (docs/decisions/048): the voucher names it. */
export const CancelGiftFormSchema = z.object({ voucherId: DbIdInputSchema });

export const VoucherGiftFormSchema = z.object({
  voucherId: DbIdInputSchema,
  recipientName: z.string().max(200).optional(),
  recipientEmail: z.string().max(300).optional(),
  message: z.string().max(2000).optional(),
});
