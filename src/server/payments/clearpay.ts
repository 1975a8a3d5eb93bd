/**
 * Clearpay (pay in 4) as a PaymentProvider (docs/decisions/016), over the gateway's HTTP API
 * (Clearpay's sandbox in the sandbox gateway by default; PAYMENTS.md): authorise with the order
 * token from Clearpay's page, then capture or void. The order-amount limits are the merchant's,
 * from Clearpay's configuration call, kept in this process for 15 minutes; when the call fails they
 * are null and the checkout withholds Clearpay.
 */
import { GATEWAY_PATHS, type PayLaterConfigurationAnswer } from '@/contracts/payment-gateway';
import type { AmountRange } from '@/domain/payment-eligibility';
import {
  callGateway,
  type GatewayConnection,
  type GatewayOptions,
  GatewayRefused,
  GatewayTimeout,
  GatewayUnreachable,
  gatewayConnection,
} from './gateway-client';
import { payLaterProvider } from './pay-later';
import type { PaymentProvider } from './provider';

/** How long the configuration's limits are trusted before asking Clearpay again. */
export const CLEARPAY_CONFIGURATION_TTL_MS = 15 * 60 * 1000;

interface CachedConfiguration {
  currency: string;
  limits: AmountRange;
  fetchedAt: number;
}

let cached: CachedConfiguration | null = null;

/** Forgets the cached configuration (tests; a merchant whose limits just changed). */
export function forgetClearpayConfiguration(): void {
  cached = null;
}

const toMinor = (money: { amount: string }) => Math.round(Number(money.amount) * 100);

export interface ClearpayProviderOptions extends GatewayOptions {
  /** Milliseconds since the epoch, for the cache's 15 minutes (tests move it on). */
  clock?: () => number;
}

/** The merchant's limits for a currency, from the cache or a fresh configuration call; null when unknown. */
async function merchantLimits(
  connection: GatewayConnection,
  currency: string,
  clock: () => number,
): Promise<AmountRange | null> {
  const now = clock();
  if (cached === null || now - cached.fetchedAt >= CLEARPAY_CONFIGURATION_TTL_MS) {
    try {
      const configuration = await callGateway<PayLaterConfigurationAnswer>(
        connection,
        'GET',
        GATEWAY_PATHS.payLaterConfiguration('clearpay'),
      );
      cached = {
        currency: configuration.minimumAmount.currency,
        limits: { minMinor: toMinor(configuration.minimumAmount), maxMinor: toMinor(configuration.maximumAmount) },
        fetchedAt: now,
      };
    } catch (error) {
      // Not cached: the next checkout asks again.
      if (error instanceof GatewayUnreachable || error instanceof GatewayTimeout || error instanceof GatewayRefused) {
        return null;
      }
      throw error;
    }
  }
  return cached.currency === currency ? cached.limits : null;
}

export function createGatewayClearpayProvider(options: ClearpayProviderOptions = {}): PaymentProvider {
  const connection = gatewayConnection(options);
  return payLaterProvider(connection, {
    type: 'CLEARPAY',
    provider: 'clearpay',
    cardType: 'Clearpay',
    limits: (currency) => merchantLimits(connection, currency, options.clock ?? Date.now),
  });
}
