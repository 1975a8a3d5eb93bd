/**
 * The pay call (spec 7 payment service /pay; spec 3 "Payment data" and "Order response").
 * Amounts are integer pence: the server re-prices and refuses figures that no longer match.
 */
import { z } from 'zod';
import { PAYMENT_METHODS } from '@/domain/payment-methods';
import { EmailSchema } from './account';
import { DeliveryAddressSchema } from './delivery';
import { DbIdSchema, text } from './text';

export const PayRequestSchema = z.object({
  /** spec 3 payment data. */
  totalOrderAmount: z.number().int().min(0),
  walletUsed: z.number().int().min(0),
  cashAmount: z.number().int().min(0),
  /** The wallet toggle the shopper saw (spec 3 checkout parameter wallet). */
  wallet: z.boolean().default(false),
  /** spec 3 payment method of the cash part; wallet when the wallet pays it all. */
  paymentMethod: z.enum([...PAYMENT_METHODS, 'wallet']),
  /** PayPal Credit: the PayPal method with the credit offer (spec 3 "including PayPal Credit"). */
  paypalCredit: z.boolean().default(false),
  /**
   * What the shopper's approval produced (instrument mode NEW): the gateway's one-time nonce for a
   * card, PayPal, Apple Pay or Google Pay, Klarna's authorization token, Clearpay's order token.
   * Never a card number.
   */
  nonce: text().min(1).max(200).optional(),
  /**
   * A card's 3-D Secure authentication (src/contracts/three-d-secure.ts), made in the browser for the
   * cash part: a new card's, of this nonce (a card payment is taken only when it was authenticated:
   * PSD2 Strong Customer Authentication; PAYMENTS.md "3-D Secure 2"); a saved card's (EXISTING), of a
   * nonce minted from it (POST /api/v1/customer/instruments/{id}/authentication-nonce), sent again
   * after an `authenticationRequired` answer. Wallets, PayPal and pay later send none.
   */
  threeDSecureAuthenticationId: text().min(1).max(200).optional(),
  /** spec 3 instrument mode: EXISTING pays with the saved instrument `instrumentId`. */
  instrumentMode: z.enum(['EXISTING', 'NEW']).default('NEW'),
  instrumentId: DbIdSchema.optional(),
  /** Keep this card or PayPal account for next time (signed-in shoppers). */
  saveInstrument: z.boolean().default(false),
  billingPostcode: text().max(10).optional(),
  /** The promotion code the checkout applied (its figures include the discount). */
  promoCode: text().trim().max(40).optional(),
  /** Guests only: the address the vouchers go to (express-register). */
  email: EmailSchema.optional(),
  /**
   * Where the basket's posted products go (docs/decisions/051): required when a line ships, ignored
   * otherwise. A signed-in shopper's saved address is sent whole, as picked.
   */
  delivery: DeliveryAddressSchema.optional(),
  /** A signed-in shopper keeps this delivery address in My Account for next time. */
  saveDeliveryAddress: z.boolean().default(false),
});

export type PayRequest = z.output<typeof PayRequestSchema>;

/** spec 3 order response: productOrder.id, cardType, walletAmountUsed, currency. */
export const OrderResponseSchema = z.object({
  productOrder: z.object({ id: z.number().int() }),
  cardType: z.string().nullable(),
  walletAmountUsed: z.number().int(),
  currency: z.enum(['GBP', 'EUR']),
  message: z.string(),
  /** Where the confirmation is shown: /myaccount/vouchers?order={id} (spec 2). */
  redirect: z.string(),
});

export const PayFailureSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  /** The card reason under the headline message, when there is one. */
  reason: z.string().nullable().optional(),
  /**
   * inFlight: the first submit with this key is still running; keep the key and wait.
   * signInRequired: the guest's email belongs to an account with a password; sign in to buy.
   * authenticationRequired (402): the saved card's issuer asks to authenticate this payment
   * (decision 043); nothing was charged. Authenticate the card through a nonce minted from it, then
   * pay again with the authentication under a new Idempotency-Key.
   */
  code: z.enum(['inFlight', 'signInRequired', 'authenticationRequired']).optional(),
});

export type OrderResponse = z.output<typeof OrderResponseSchema>;
export type PayFailure = z.output<typeof PayFailureSchema>;
