/**
 * Klarna as a PaymentProvider (issue 8), over the sandbox gateway's Klarna sessions.
 * PLACEHOLDER until the Klarna part of issue 8 lands: refuses every payment.
 */
import type { Db } from '../db';
import type { SandboxProviderOptions } from './index';
import type { PaymentProvider } from './provider';

export function createSandboxKlarnaProvider(_db: Db, _options: SandboxProviderOptions = {}): PaymentProvider {
  return {
    type: 'KLARNA',
    authorise: async () => ({ kind: 'failed', code: 'not_built', text: 'Klarna is not built yet' }),
    capture: async () => {},
    void: async () => {},
    orderAmountLimits: async () => null,
  };
}
