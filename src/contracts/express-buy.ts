/**
 * Express Buy (spec 7 public service /v1/express-buy-token; spec 4 "Express Buy can be refused"):
 * a signed-in shopper asks for a short-lived token with their email, then buys one deal option in
 * one step with their default saved instrument. Amounts are integer pence.
 */
import { z } from 'zod';
import { EmailSchema } from './account';
import { DeliveryAddressSchema } from './delivery';
import { PayFailureSchema } from './pay';
import { DbIdSchema, text } from './text';

/** spec 7 POST express buy token: payload expressBuyTokenRequest with email. */
export const ExpressBuyTokenRequestSchema = z.object({
  expressBuyTokenRequest: z.object({ email: EmailSchema }),
});

/** The token, and the instrument it pays with, named for the button ("Visa ending 1111"). */
export const ExpressBuyTokenResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  instrument: z.object({ type: z.enum(['card', 'paypal']), label: z.string() }),
});

/** POST /express-buy: one option of one deal, bought with the token's instrument. */
export const ExpressBuyRequestSchema = z.object({
  token: text().min(20).max(200),
  dealId: DbIdSchema,
  productId: DbIdSchema,
  quantity: z.number().int().min(1).max(999),
  /**
   * The saved card's 3-D Secure authentication for the order's amount, sent again after an
   * `authenticationRequired` answer (decision 043): made on a nonce from
   * POST /express-buy/authentication-nonce.
   */
  threeDSecureAuthenticationId: text().min(1).max(200).optional(),
  /**
   * A posted product's delivery address (docs/decisions/051): the shopper's default saved address
   * they confirmed, or the one they typed; required when the option ships (standard delivery).
   */
  delivery: DeliveryAddressSchema.optional(),
});

/** POST /express-buy/authentication-nonce: the token whose saved card is to be authenticated. */
export const ExpressBuyAuthenticationNonceRequestSchema = z.object({
  token: text().min(20).max(200),
});

/** A refusal or failed payment, with where the standard checkout for this deal starts. */
export const ExpressBuyFailureSchema = PayFailureSchema.extend({
  /** The deal page's options, where "Continue to checkout" (Buy now) takes the shopper to the checkout. */
  checkoutUrl: z.string().optional(),
  /**
   * With `code: 'authenticationRequired'`: the amount the card's issuer is to authenticate (the
   * order's, as the server priced it), in pence.
   */
  amount: z.object({ amountMinor: z.number().int(), currency: z.enum(['GBP', 'EUR']) }).optional(),
});

export type ExpressBuyTokenResponse = z.output<typeof ExpressBuyTokenResponseSchema>;
export type ExpressBuyRequest = z.output<typeof ExpressBuyRequestSchema>;
export type ExpressBuyFailure = z.output<typeof ExpressBuyFailureSchema>;
