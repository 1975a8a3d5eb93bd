/**
 * Klarna (pay in 3) as a PaymentProvider (docs/decisions/016), over the gateway's HTTP API (the
 * Klarna playground in the sandbox by default; PAYMENTS.md): authorise with the authorization token
 * from Klarna's page, then capture or void. Klarna's UK limits are its own, published and fixed (25
 * to 4,000 pounds), so no call is needed for them.
 */
import type { AmountRange } from '@/domain/payment-eligibility';
import { type GatewayOptions, gatewayConnection } from './gateway-client';
import { payLaterProvider } from './pay-later';
import type { PaymentProvider } from './provider';

/** Klarna's own UK order-amount limits: 25.00 to 4,000.00 pounds, in pence (GBP only). */
export const KLARNA_UK_LIMITS: AmountRange = { minMinor: 25_00, maxMinor: 4000_00 };

export function createGatewayKlarnaProvider(options: GatewayOptions = {}): PaymentProvider {
  return payLaterProvider(gatewayConnection(options), {
    type: 'KLARNA',
    provider: 'klarna',
    cardType: 'Klarna',
    limits: async (currency) => (currency === 'GBP' ? KLARNA_UK_LIMITS : null),
  });
}
