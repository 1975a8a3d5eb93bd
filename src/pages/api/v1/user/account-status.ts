/**
 * spec 7 /user/account-status (spec 3 user status: hasPassword, isLocked, isRegistered, tpl):
 * GET for the signed-in user; POST { email } for guest checkout (spec 7 subscription details).
 * Issue 14.10: a stranger learns only whether the email must sign in (toGuestAccountStatus), never
 * a lock or an account made at checkout, and only ACCOUNT_CHECK_LIMIT times an hour per IP.
 */
import type { APIRoute } from 'astro';
import { ExpressRegisterSchema } from '../../../../contracts/account';
import {
  AccountError,
  canSignIn,
  retrieveUserByEmail,
  toAccountStatus,
  toGuestAccountStatus,
} from '../../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../../server/accounts/api';
import { accountCheckThrottle } from '../../../../server/accounts/runtime';
import { currentUser } from '../../../../server/accounts/session';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';

export const GET: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  return json(toAccountStatus(signedIn.user));
};

export const POST: APIRoute = async (context) => {
  const body = await readBody(context.request, ExpressRegisterSchema);
  if (!body.ok) return body.response;
  try {
    const signedIn = await currentUser(context);
    if (signedIn !== null && signedIn.email.toLowerCase() === body.value.email) return json(toAccountStatus(signedIn));
    const checks = accountCheckThrottle();
    const wait = await checks.retryAfter(context.clientAddress);
    if (wait > 0) throw new AccountError('tooManyChecks', wait);
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, body.value.email);
    if (canSignIn(user)) await checks.recordReveal(context.clientAddress);
    return json(toGuestAccountStatus(user));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
