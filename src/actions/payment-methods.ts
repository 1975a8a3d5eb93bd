/**
 * The saved payment methods' action (docs/decisions/016-payment-methods.md): make one the default,
 * or remove it (the /myaccount/payment-methods forms).
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { DbIdInputSchema } from '@/contracts/text';
import { getDb } from '@/server/db';
import { requireSignedIn } from '@/server/http';
import { makeDefaultInstrument, removeInstrument } from '@/server/instruments';
import { answer } from './answer';

export const paymentMethodActions = {
  changePaymentMethod: defineAction({
    accept: 'form',
    input: z.object({ intent: z.enum(['default', 'remove']), id: DbIdInputSchema }),
    handler: ({ intent, id }, context) =>
      answer('payment-methods', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const now = new Date();
        if (intent === 'default') await makeDefaultInstrument(db, user.id, id, now);
        else await removeInstrument(db, user.id, id, { now });
        return { done: intent === 'default' ? ('default' as const) : ('removed' as const) };
      }),
  }),
};
