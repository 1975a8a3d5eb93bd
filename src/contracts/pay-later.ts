/**
 * spec 7 payment service paths for Klarna and Clearpay: /kn/sessions and /cp/checkouts open a
 * session with the provider for the shopper's basket (priced by the server) and answer where the
 * shopper goes to approve it; /kn/pay and /cp/pay are the pay call with the method fixed and the
 * approval's token as the nonce. Amounts are integer pence.
 */
import { z } from 'zod';
import { EmailSchema } from './account';
import { PayRequestSchema } from './pay';
import { text } from './text';

export const PayLaterSessionRequestSchema = z.object({
  /** Where the provider sends the shopper back: this shop's /checkout (PAYMENTS.md redirect flows). */
  returnUrl: text().min(1).max(2000),
  /** The guest's email, passed on so the provider's page can offer it. */
  email: EmailSchema.optional(),
  /** The wallet toggle the shopper saw (spec 3 checkout parameter wallet): the session is for the rest. */
  wallet: z.boolean().default(false),
});

export const PayLaterSessionResponseSchema = z.object({
  /** The provider's approval page for this session. */
  redirectUrl: z.string(),
});

/** The pay call for one pay-later method: the approval's token is the nonce; no saved instruments. */
export const PayLaterPayRequestSchema = PayRequestSchema.pick({
  totalOrderAmount: true,
  walletUsed: true,
  cashAmount: true,
  wallet: true,
  email: true,
  delivery: true,
  saveDeliveryAddress: true,
}).extend({
  /** Klarna's authorization token (/kn/pay) or Clearpay's order token (/cp/pay). */
  nonce: text().min(1).max(200),
});

export type PayLaterSessionRequest = z.output<typeof PayLaterSessionRequestSchema>;
export type PayLaterSessionResponse = z.output<typeof PayLaterSessionResponseSchema>;
export type PayLaterPayRequest = z.output<typeof PayLaterPayRequestSchema>;
