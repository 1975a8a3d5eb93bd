/** The shapes every order step shares: what is asked, what is priced, what is authorised, what is placed. */

import type { DeliveryAddress } from '@/contracts/delivery';
import type { Brand } from '@/domain/brands';
import type { Refusal } from '@/domain/errors';
import type { PaymentMethod } from '@/domain/payment-methods';
import type { PriceBreakdown } from '@/domain/pricing';
import type { InstrumentDetails, ThreeDSecureResult, VaultedInstrument } from '@/server/payments';
import type { PricingPromotion } from '@/server/promotions';
import type { OrderLineSource } from './lines';

export interface PlaceOrderRequest {
  basketToken: string;
  buyer: { id: number; email: string; firstName: string };
  useWallet: boolean;
  /** spec 3 payment data as the shopper saw it; a different server figure refuses the order. */
  expected: { totalMinor: number; walletUsedMinor: number; cashAmountMinor: number };
  /** How the cash part is paid; null when the wallet pays everything. */
  payment: OrderPayment | null;
  idempotencyKey: string;
  now: Date;
  /** Site origin for the links in the confirmation email. */
  origin: string;
  /** The brand the shopper is buying on (the request's): the confirmation email comes from it. */
  brand?: Brand;
  /** The promotion code the shopper applied at checkout, if any. */
  promoCode?: string | null;
  /** spec 4: send the buyer a sign-in link to confirm their email after the order (the checkout decides). */
  confirmEmail?: boolean;
  /**
   * Where the order's posted products go (docs/decisions/051), already validated; required when a
   * line ships, ignored otherwise.
   */
  delivery?: DeliveryAddress | null;
}

/** The cash part's payment: an approval's nonce or token (mode NEW), or a saved instrument (EXISTING). */
export interface OrderPayment {
  method: PaymentMethod;
  /** The gateway nonce, Klarna authorization token or Clearpay order token (instrument mode NEW). */
  nonce?: string;
  /** A saved instrument of the buyer's (instrument mode EXISTING), already checked as theirs. */
  savedInstrument?: { id: number; token: string };
  billingPostcode?: string;
  /** Keep the instrument for next time (a signed-in shopper paying by card or PayPal). */
  save?: boolean;
  /**
   * The card's 3-D Secure authentication, made in the shopper's browser for the cash part
   * (PAYMENTS.md "3-D Secure 2"): of this nonce for a new card, or of a nonce minted from the saved
   * card's token when its issuer asked (decision 043). The card provider checks it before the sale.
   */
  threeDSecureAuthenticationId?: string;
}

/**
 * A payment refused: spec 8's message and the card reason; `authenticationRequired` when the issuer
 * asks to authenticate a payment on a saved card, so the browser can authenticate it and pay again
 * under a new key (decision 043).
 */
export type PaymentRefusal = Refusal<'authenticationRequired'>;

/** The order priced: its checked lines and the breakdown the shopper was shown. */
export interface OrderPricing {
  lines: OrderLineSource[];
  breakdown: PriceBreakdown;
  /** The promotion code that applies (checked before payment, counted in the order transaction). */
  promotion: PricingPromotion | null;
}

/** A card (or other provider) authorisation for the cash part, not yet captured. */
export interface Authorisation {
  paymentId: number;
  transactionId: string;
  cardType: string;
  instrument: InstrumentDetails;
  vaulted: VaultedInstrument | null;
  /** The 3-D Secure authentication the sale went on with, or null when it named none (decision 043). */
  threeDSecure: ThreeDSecureResult | null;
}

/** spec 3 order response fields, plus what the confirmation page needs. */
export interface PlacedOrder {
  id: number;
  totalMinor: number;
  walletUsedMinor: number;
  cashAmountMinor: number;
  currency: 'GBP' | 'EUR';
  cardType: string | null;
  voucherIds: number[];
}

/** The order placed, or why not (a refusal's kind, spec 8's message and the card's reason). */
export type PlaceOrderResult = { ok: true; order: PlacedOrder } | PaymentRefusal;
