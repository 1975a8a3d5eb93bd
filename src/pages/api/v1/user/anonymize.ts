/**
 * spec 7 /user/anonymize: deletes the signed-in account (after the confirmation flag and the
 * password, when it has one) by anonymising it; the session ends; spec 9 delete-email cookie 1 day.
 */
import type { APIRoute } from 'astro';
import { DeleteAccountSchema } from '../../../../contracts/account';
import { anonymizeUser } from '../../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../../server/accounts/api';
import { rememberDeletedEmail, signOut } from '../../../../server/accounts/session';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';

export const POST: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, DeleteAccountSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const email = await anonymizeUser(db, signedIn.user.id, body.value.password);
    signOut(context);
    rememberDeletedEmail(context, email);
    return json({ deleted: true });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
