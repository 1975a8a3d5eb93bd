/**
 * spec 7 /user/account-status (spec 3 user status: hasPassword, isLocked, isRegistered, tpl):
 * GET for the signed-in user, with the spec 3 flag hasAddress; POST { email } for guest checkout (spec 7 subscription details).
 * A stranger learns only whether the email must sign in (toGuestAccountStatus), never
 * a lock or an account made at checkout, and only ACCOUNT_CHECK_LIMIT times an hour per IP (decision 017).
 */

import { ExpressRegisterSchema, type UserFlags } from '@/contracts/account';
import { AccountError, canSignIn, retrieveUserByEmail, toAccountStatus, toGuestAccountStatus } from '@/server/accounts';
import { hasSavedAddress } from '@/server/addresses';
import { getDb } from '@/server/db';
import { currentUser, endpoint } from '@/server/http';
import { accountCheckThrottle } from '@/server/runtime';

/** The signed-in shopper's spec 3 flags: the status, and hasAddress from the addresses service (decision 051). */
export const GET = endpoint({
  who: 'customer',
  area: 'accounts',
  handler: async ({ user }): Promise<UserFlags> => {
    const { db } = await getDb();
    return { ...toAccountStatus(user), hasAddress: await hasSavedAddress(db, user.id) };
  },
});

export const POST = endpoint({
  who: 'anyone',
  input: ExpressRegisterSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, context }) => {
    const signedIn = await currentUser(context);
    if (signedIn !== null && signedIn.email.toLowerCase() === input.email) return toAccountStatus(signedIn);
    const checks = accountCheckThrottle();
    const wait = await checks.retryAfter(context.clientAddress);
    if (wait > 0) throw new AccountError('tooManyChecks', wait);
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, input.email);
    if (canSignIn(user)) await checks.recordReveal(context.clientAddress);
    return toGuestAccountStatus(user);
  },
});
