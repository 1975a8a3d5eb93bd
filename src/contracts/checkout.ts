/**
 * spec 3 "Checkout data" as GET /api/v1/checkout answers it and the checkout island reads it:
 * deals, orderSummary (totalOrderAmount), promoCode, giftingDetails, userInfo (paymentOptions with
 * creditBalances and paymentInstruments, wallet), countdown, gifting presets, isTravel, isTravelValid.
 * Amounts are integer pence.
 */
import { z } from 'zod';
import { PricedLineSchema } from './basket';

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
    postage: z.number().int(),
    totalOrderAmount: z.number().int(),
    /** spec 3 payment data: the wallet's part and the card's part. */
    walletUsed: z.number().int(),
    cashAmount: z.number().int(),
  }),
  /** Every line can be bought now (none ended, sold out or over its cap). */
  canPay: z.boolean(),
  promoCode: z.object({ applicable: z.boolean(), message: z.string().nullable() }),
  giftingDetails: z.object({ giftWrap: z.array(z.object({ dealId: z.number().int(), productId: z.number().int() })) }),
  userInfo: z.object({
    isGuest: z.boolean(),
    email: z.string().nullable(),
    paymentOptions: z.object({
      creditBalances: z.array(WalletBalanceSchema),
      /** Saved instruments arrive with issue 8; card payment is always offered. */
      paymentInstruments: z.array(z.object({ type: z.string(), gateway: z.string(), default: z.boolean() })),
    }),
    /** The balance usable on this order (same currency), and whether the toggle is on. */
    wallet: z.object({ balance: z.number().int(), useWallet: z.boolean() }),
  }),
  countdown: z.object({ seconds: z.number().int() }),
  giftWrapPreset: z.object({ quantity: z.number().int() }),
  isTravel: z.boolean(),
  isTravelValid: z.boolean(),
});

export type WalletBalance = z.output<typeof WalletBalanceSchema>;
export type CheckoutView = z.output<typeof CheckoutViewSchema>;

/**
 * spec 3 checkout query parameters as GET /api/v1/checkout reads them (domain/checkout parses
 * them with their defaults; unreadable values take the default rather than failing).
 */
const Flag = z.enum(['true', 'false']).optional();
export const CheckoutQuerySchema = z.object({
  token: z.string().optional(),
  deliveryOptions: Flag,
  gifting: Flag,
  giftPacks: Flag,
  por_check: Flag,
  promoCode: z.string().optional(),
  vipChecked: Flag,
  wallet: Flag,
  timerElapsed: Flag,
  timestamp: z.string().optional(),
});
