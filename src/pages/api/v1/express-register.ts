/**
 * spec 7 POST /express-register (guest checkout): an account by email only, or the existing one.
 * It answers with the account status, never with the account itself: nobody is signed in by an email.
 */
import type { APIRoute } from 'astro';
import { ExpressRegisterSchema } from '../../../contracts/account';
import { expressRegisterUser, toAccountStatus } from '../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../server/accounts/api';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';

export const POST: APIRoute = async ({ request }) => {
  const body = await readBody(request, ExpressRegisterSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const { user, isNew } = await expressRegisterUser(db, body.value.email);
    return json(toAccountStatus(user), { status: isNew ? 201 : 200 });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
