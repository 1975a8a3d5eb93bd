/**
 * spec 7 /user/account-status (spec 3 user status: hasPassword, isLocked, isRegistered, tpl):
 * GET for the signed-in user; POST { email } for guest checkout (spec 7 subscription details).
 */
import type { APIRoute } from 'astro';
import { ExpressRegisterSchema } from '../../../../contracts/account';
import { retrieveUserByEmail, toAccountStatus } from '../../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../../server/accounts/api';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';

export const GET: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  return json(toAccountStatus(signedIn.user));
};

export const POST: APIRoute = async ({ request }) => {
  const body = await readBody(request, ExpressRegisterSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    return json(toAccountStatus(await retrieveUserByEmail(db, body.value.email)));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
