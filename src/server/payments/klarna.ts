/**
 * Klarna (pay in 3) as a PaymentProvider (issue 8), over the Klarna playground in the sandbox
 * gateway (PAYMENTS.md): authorise with the authorization token from Klarna's page, then capture
 * or void. Klarna's UK limits are its own and fixed (25 to 4,000 pounds), so no call is needed.
 */

import { readSandboxConfig } from '@/sandbox/config';
import { createKlarnaSession } from '@/sandbox/klarna';
import { KLARNA_UK_LIMITS, PAY_LATER_CURRENCY } from '@/sandbox/pay-later-config';
import { payLaterOrders } from '@/sandbox/pay-later-sales';
import type { Db } from '@/server/db';
import type { SandboxProviderOptions } from './index';
import { payLaterProvider } from './pay-later';
import type { PaymentProvider } from './provider';

export function createSandboxKlarnaProvider(db: Db, options: SandboxProviderOptions = {}): PaymentProvider {
  const { env } = options;
  readSandboxConfig(env);
  return payLaterProvider({
    type: 'KLARNA',
    cardType: 'Klarna',
    ...payLaterOrders(db, 'klarna', { env }),
    limits: async (currency) => (currency === PAY_LATER_CURRENCY ? KLARNA_UK_LIMITS : null),
    open: async (session) => {
      const answer = await createKlarnaSession(db, session, { env });
      return answer.ok ? { ok: true, redirectUrl: answer.redirectUrl } : { ok: false, text: answer.text };
    },
  });
}
