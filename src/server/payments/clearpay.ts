/**
 * Clearpay (pay in 4) as a PaymentProvider (issue 8), over Clearpay's sandbox in the sandbox
 * gateway (PAYMENTS.md): authorise with the order token from Clearpay's page, then capture or
 * void. The order-amount limits are the merchant's, from Clearpay's configuration call, kept in
 * this process for 15 minutes; when the call fails they are null and the checkout withholds Clearpay.
 */
import type { AmountRange } from '@/domain/payment-eligibility';
import { type ClearpayMoney, createClearpayCheckout, retrieveClearpayConfiguration } from '@/sandbox/clearpay';
import { readSandboxConfig } from '@/sandbox/config';
import { GatewayTimeout, GatewayUnreachable } from '@/sandbox/network';
import { payLaterOrders } from '@/sandbox/pay-later-sales';
import type { Db } from '@/server/db';
import type { SandboxProviderOptions } from './index';
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

const toMinor = (money: ClearpayMoney) => Math.round(Number(money.amount) * 100);

export interface ClearpayProviderOptions extends SandboxProviderOptions {
  /** Milliseconds since the epoch, for the cache's 15 minutes (tests move it on). */
  clock?: () => number;
}

/** The merchant's limits for a currency, from the cache or a fresh configuration call; null when unknown. */
async function merchantLimits(currency: string, options: ClearpayProviderOptions): Promise<AmountRange | null> {
  const now = (options.clock ?? Date.now)();
  if (cached === null || now - cached.fetchedAt >= CLEARPAY_CONFIGURATION_TTL_MS) {
    try {
      const configuration = await retrieveClearpayConfiguration({ env: options.env });
      cached = {
        currency: configuration.minimumAmount.currency,
        limits: { minMinor: toMinor(configuration.minimumAmount), maxMinor: toMinor(configuration.maximumAmount) },
        fetchedAt: now,
      };
    } catch (error) {
      // Not cached: the next checkout asks again.
      if (error instanceof GatewayUnreachable || error instanceof GatewayTimeout) return null;
      throw error;
    }
  }
  return cached.currency === currency ? cached.limits : null;
}

export function createSandboxClearpayProvider(db: Db, options: ClearpayProviderOptions = {}): PaymentProvider {
  const { env } = options;
  readSandboxConfig(env);
  return payLaterProvider({
    type: 'CLEARPAY',
    cardType: 'Clearpay',
    ...payLaterOrders(db, 'clearpay', { env }),
    limits: (currency) => merchantLimits(currency, options),
    open: async (checkout) => {
      const answer = await createClearpayCheckout(db, checkout, { env });
      return answer.ok ? { ok: true, redirectUrl: answer.redirectCheckoutUrl } : { ok: false, text: answer.text };
    },
  });
}
