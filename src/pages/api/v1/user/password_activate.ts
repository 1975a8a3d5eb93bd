/** spec 7 /user/password_activate: the first password of an account made at checkout. */
import type { APIRoute } from 'astro';
import { ActivatePasswordSchema } from '../../../../contracts/account';
import { activatePassword, toAccountStatus } from '../../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../../server/accounts/api';
import { flushOutbox } from '../../../../server/accounts/runtime';
import { refreshSessionEpoch } from '../../../../server/accounts/session';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';

export const POST: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, ActivatePasswordSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const user = await activatePassword(db, signedIn.user.id, body.value.newPassword);
    refreshSessionEpoch(context, user);
    await flushOutbox();
    return json(toAccountStatus(user));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
