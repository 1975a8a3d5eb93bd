/** spec 7 /user/password_activate: the first password of an account made at checkout. */

import { ActivatePasswordSchema } from '@/contracts/account';
import { activatePassword, toAccountStatus } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, refreshSessionEpoch } from '@/server/http';
import { flushOutbox } from '@/server/runtime';

export const POST = endpoint({
  who: 'customer',
  input: ActivatePasswordSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, user, context }) => {
    const { db } = await getDb();
    const activated = await activatePassword(db, user.id, input.newPassword);
    refreshSessionEpoch(context, activated);
    await flushOutbox();
    return toAccountStatus(activated);
  },
});
