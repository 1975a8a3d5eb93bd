/**
 * spec 7 POST /express-register (guest checkout): an account by email only, or the existing one.
 * Issue 14.10: one answer (202) whether or not the email has an account, so it tells a stranger
 * nothing; nobody is signed in by an email, and the pay call asks for a sign-in where one is needed.
 */
import type { APIRoute } from 'astro';
import { ExpressRegisterSchema } from '../../../contracts/account';
import { ACCOUNT_COPY } from '../../../domain/account-copy';
import { expressRegisterUser } from '../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../server/accounts/api';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';

export const POST: APIRoute = async ({ request }) => {
  const body = await readBody(request, ExpressRegisterSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    await expressRegisterUser(db, body.value.email);
    return json({ message: ACCOUNT_COPY.expressRegistered, status: 202 }, { status: 202 });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
