/** spec 7 POST /register with body requestRegistration; a new account is signed in at once. */
import type { APIRoute } from 'astro';
import { RegisterSchema } from '../../../contracts/account';
import { registerUser, toProfile } from '../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../server/accounts/api';
import { flushOutbox } from '../../../server/accounts/runtime';
import { signIn } from '../../../server/accounts/session';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';

export const POST: APIRoute = async (context) => {
  const body = await readBody(context.request, RegisterSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const user = await registerUser(db, body.value);
    await flushOutbox();
    await signIn(context, user, { rememberMe: false });
    return json({ data: { customerToken: user.customerToken }, user: toProfile(user) }, { status: 201 });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
