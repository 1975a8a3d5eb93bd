/**
 * spec 7 payment service /customer: the signed-in shopper's saved payment instruments (spec 3
 * "Payment instrument": type, gateway, default flag, instrument mode EXISTING), and the changes
 * they may make: make one the default, or remove it. Never a vault token or card number.
 */
import { z } from 'zod';
import { PaymentInstrumentSchema } from './checkout';
import { DbIdInputSchema } from './text';

export const CustomerInstrumentSchema = PaymentInstrumentSchema.extend({
  id: z.number().int(),
  type: z.enum(['card', 'paypal']),
  mode: z.literal('EXISTING'),
  /** "Visa ending 1111" or "PayPal (ada@example.co.uk)". */
  label: z.string(),
  /** A saved card whose expiry has passed: shown, but it cannot pay or be the default. */
  expired: z.boolean(),
});

export const CustomerResponseSchema = z.object({
  /** Default first, then the most recently used. */
  paymentInstruments: z.array(CustomerInstrumentSchema),
});

/** PATCH /customer/instruments/{id}: make it the default (the old default stops being one). */
export const UpdateInstrumentSchema = z.object({
  default: z.literal(true, { error: 'Send {"default": true} to make this the default payment method.' }),
});

/**
 * POST /customer/instruments/{id}/authentication-nonce and /express-buy/authentication-nonce: a
 * one-time nonce of the saved card, which the browser authenticates by 3-D Secure
 * (src/contracts/three-d-secure.ts) when the card's issuer asks to authenticate a payment on it
 * (decision 043). Never the vault token.
 */
export const AuthenticationNonceResponseSchema = z.object({ nonce: z.string() });

/** The path's instrument id. */
export const InstrumentIdSchema = DbIdInputSchema;

export type CustomerInstrument = z.output<typeof CustomerInstrumentSchema>;
export type CustomerResponse = z.output<typeof CustomerResponseSchema>;
export type AuthenticationNonceResponse = z.output<typeof AuthenticationNonceResponseSchema>;
