/**
 * Clearpay as a PaymentProvider (issue 8), over the sandbox gateway's Clearpay sessions.
 * PLACEHOLDER until the Clearpay part of issue 8 lands: refuses every payment.
 */
import type { Db } from '../db';
import type { SandboxProviderOptions } from './index';
import type { PaymentProvider } from './provider';

export function createSandboxClearpayProvider(_db: Db, _options: SandboxProviderOptions = {}): PaymentProvider {
  return {
    type: 'CLEARPAY',
    authorise: async () => ({ kind: 'failed', code: 'not_built', text: 'Clearpay is not built yet' }),
    capture: async () => {},
    void: async () => {},
    orderAmountLimits: async () => null,
  };
}
