/**
 * spec 7 /user/account-status (spec 3 user status: hasPassword, isLocked, isRegistered, tpl):
 * GET for the signed-in user, with the spec 3 flags hasAddress, isFacebook and FBO (decision 055); POST { email } for guest checkout (spec 7 subscription details).
 * A stranger learns only whether the email must sign in (toGuestAccountStatus), never a lock or an
 * account made at checkout (decision 017); past FREE_REVEALS_PER_IP different emails an hour, each
 * new "must sign in" comes slower, and one email is told at most REVEALS_PER_EMAIL times an hour
 * (decision 054). An answer that tells nothing is never slowed or refused.
 */

import { ExpressRegisterSchema, type UserFlags } from '@/contracts/account';
import {
  AccountError,
  canSignIn,
  retrieveUserByEmail,
  toAccountStatus,
  toGuestAccountStatus,
  toSocialFlags,
} from '@/server/accounts';
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
    return { ...toAccountStatus(user), hasAddress: await hasSavedAddress(db, user.id), ...toSocialFlags(user) };
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
    const check = { email: input.email, ip: context.clientAddress };
    const wait = await checks.retryAfter(check);
    if (wait > 0) throw new AccountError('tooManyChecks', wait);
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, input.email);
    if (canSignIn(user)) await checks.recordReveal(check);
    return toGuestAccountStatus(user);
  },
});
