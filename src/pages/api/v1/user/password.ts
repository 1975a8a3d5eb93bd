/** spec 7 PATCH /user/password with body passwordChange (oldPassword, newPassword, confirmNewPassword). */

import { ChangePasswordSchema } from '@/contracts/account';
import { changePassword, toAccountStatus } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, refreshSessionEpoch } from '@/server/http';
import { flushOutbox } from '@/server/runtime';

export const PATCH = endpoint({
  who: 'customer',
  input: ChangePasswordSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, user, context }) => {
    const { db } = await getDb();
    const changed = await changePassword(db, user.id, input);
    refreshSessionEpoch(context, changed);
    await flushOutbox();
    return toAccountStatus(changed);
  },
});
