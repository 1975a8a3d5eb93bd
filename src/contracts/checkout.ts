/**
 * spec 3 "Checkout data" as GET /api/v1/checkout answers it and the checkout island reads it:
 * deals, orderSummary (totalOrderAmount), promoCode, giftingDetails, userInfo (paymentOptions with
 * creditBalances and paymentInstruments, wallet), countdown, gifting presets, isTravel, isTravelValid.
 * Amounts are integer pence.
 */
import { z } from 'zod';
import { PAYMENT_OPTIONS } from '@/domain/payment-methods';
import { PricedLineSchema } from './basket';
import { SavedAddressSchema } from './delivery';
import { text } from './text';

/**
 * spec 3 Payment instrument: type, gateway, default flag and instrument mode. A saved one
 * (EXISTING) has an id and what identifies it to the shopper; a NEW one is a method to enter now.
 */
export const PaymentInstrumentSchema = z.object({
  id: z.number().int().nullable(),
  type: z.enum(['card', 'paypal', 'apple', 'google', 'klarna', 'clearpay']),
  gateway: z.enum(['BRAINTREE', 'KLARNA', 'CLEARPAY']),
  default: z.boolean(),
  mode: z.enum(['EXISTING', 'NEW']),
  cardType: z.string().nullable(),
  lastFour: z.string().nullable(),
  expiryMonth: z.string().nullable(),
  expiryYear: z.string().nullable(),
  email: z.string().nullable(),
});

export const PaymentOptionSchema = z.enum(PAYMENT_OPTIONS);

/** An option spec 5 withholds from this order, with the reason in the shopper's words. */
export const WithheldOptionSchema = z.object({
  option: PaymentOptionSchema,
  reason: z.string(),
  message: z.string(),
});

export const WalletBalanceSchema = z.object({
  currency: z.enum(['GBP', 'EUR']),
  balance: z.number().int(),
  marketingBalance: z.number().int(),
  refundableBalance: z.number().int(),
});

export const CheckoutViewSchema = z.object({
  basketToken: z.string().nullable(),
  deals: z.array(PricedLineSchema),
  /** spec 5: visible quantity of the basket (the header count). */
  visibleQuantity: z.number().int(),
  orderSummary: z.object({
    currency: z.enum(['GBP', 'EUR']),
    subtotal: z.number().int(),
    /** What the promotion code took off (included in subtotal and total). */
    promotionDiscount: z.number().int(),
    postage: z.number().int(),
    /** Gift wrap and gift packs (in the total). */
    gifting: z.number().int(),
    totalOrderAmount: z.number().int(),
    /** spec 3 payment data: the wallet's part and the card's part. */
    walletUsed: z.number().int(),
    cashAmount: z.number().int(),
  }),
  /** Every line can be bought now (none ended, sold out or over its cap). */
  canPay: z.boolean(),
  /** spec 3 promoCode (applicable, message), with the code it is about (null when none was asked for). */
  promoCode: z.object({ code: z.string().nullable(), applicable: z.boolean(), message: z.string().nullable() }),
  giftingDetails: z.object({ giftWrap: z.array(z.object({ dealId: z.number().int(), productId: z.number().int() })) }),
  userInfo: z.object({
    isGuest: z.boolean(),
    email: z.string().nullable(),
    paymentOptions: z.object({
      creditBalances: z.array(WalletBalanceSchema),
      /** The shopper's instruments: saved ones (EXISTING) then one NEW per method; none for a guest. */
      paymentInstruments: z.array(PaymentInstrumentSchema),
      /** spec 5: the options this order may be paid with, before the browser drops unsupported wallets. */
      eligibleOptions: z.array(PaymentOptionSchema),
      /** Options withheld for a reason worth telling the shopper (pay-later limits, restricted items). */
      withheld: z.array(WithheldOptionSchema),
    }),
    /** The balance usable on this order (same currency), and whether the toggle is on. */
    wallet: z.object({ balance: z.number().int(), useWallet: z.boolean() }),
  }),
  countdown: z.object({ seconds: z.number().int() }),
  giftWrapPreset: z.object({ quantity: z.number().int() }),
  /** spec 3 giftingConfig, giftPackPreset: whether gifting shows, and what wrap and packs cost. */
  giftingConfig: z.object({ gifting: z.boolean(), giftPacks: z.boolean(), giftWrapPrice: z.number().int() }),
  giftPackPreset: z.object({ priceSteps: z.array(z.number().int()), nextDaySurcharge: z.number().int() }),
  isTravel: z.boolean(),
  isTravelValid: z.boolean(),
  /**
   * Posted products (docs/decisions/051): whether a line ships (the checkout then asks for the
   * delivery address before payment), and a signed-in shopper's saved addresses to pick from, the
   * default first (none for a guest, or when nothing ships).
   */
  delivery: z.object({ required: z.boolean(), savedAddresses: z.array(SavedAddressSchema) }),
});

export type WalletBalance = z.output<typeof WalletBalanceSchema>;
export type PaymentInstrumentView = z.output<typeof PaymentInstrumentSchema>;
export type WithheldOption = z.output<typeof WithheldOptionSchema>;
export type CheckoutView = z.output<typeof CheckoutViewSchema>;

/**
 * spec 3 checkout query parameters as GET /api/v1/checkout reads them (domain/checkout parses
 * them with their defaults; unreadable values take the default rather than failing).
 */
const Flag = z.enum(['true', 'false']).optional();
export const CheckoutQuerySchema = z.object({
  token: text().optional(),
  deliveryOptions: Flag,
  gifting: Flag,
  giftPacks: Flag,
  por_check: Flag,
  promoCode: text().optional(),
  vipChecked: Flag,
  wallet: Flag,
  timerElapsed: Flag,
  timestamp: text().optional(),
});
