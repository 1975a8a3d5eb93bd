/**
 * spec 7 POST /register with body requestRegistration. Issue 14.10: one answer (202, "check your
 * email") whether or not the email has an account; the email says what happens next, to its owner.
 */
import type { APIRoute } from 'astro';
import { RegisterSchema } from '../../../contracts/account';
import { ACCOUNT_COPY } from '../../../domain/account-copy';
import { registerUser } from '../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../server/accounts/api';
import { flushOutbox } from '../../../server/accounts/runtime';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';
import { publicOrigin } from '../../../server/http/public-origin';

export const POST: APIRoute = async (context) => {
  const body = await readBody(context.request, RegisterSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    await registerUser(db, body.value, publicOrigin());
    await flushOutbox();
    return json({ message: ACCOUNT_COPY.registerCheckEmail, status: 202 }, { status: 202 });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
