/** spec 7 PATCH /user/password with body passwordChange (oldPassword, newPassword, confirmNewPassword). */
import type { APIRoute } from 'astro';
import { ChangePasswordSchema } from '../../../../contracts/account';
import { changePassword, toAccountStatus } from '../../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../../server/accounts/api';
import { flushOutbox } from '../../../../server/accounts/runtime';
import { refreshSessionEpoch } from '../../../../server/accounts/session';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';

export const PATCH: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, ChangePasswordSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const user = await changePassword(db, signedIn.user.id, body.value);
    refreshSessionEpoch(context, user);
    await flushOutbox();
    return json(toAccountStatus(user));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
