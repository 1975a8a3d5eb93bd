/**
 * spec 7 /user/anonymize: deletes the signed-in account (after the confirmation flag and the
 * password, when it has one) by anonymising it; the session ends; spec 9 delete-email cookie 1 day.
 */

import { DeleteAccountSchema } from '@/contracts/account';
import { anonymizeUser } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, rememberDeletedEmail, signOut } from '@/server/http';

export const POST = endpoint({
  who: 'customer',
  input: DeleteAccountSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, user, context }) => {
    const { db } = await getDb();
    const email = await anonymizeUser(db, user.id, input.password);
    signOut(context);
    rememberDeletedEmail(context, email);
    return { deleted: true };
  },
});
