/**
 * spec 7 /user: GET (query origin) returns the profile (email, vipUser, customerToken, names) of the
 * signed-in user for the header island; PUT with body user updates names and email.
 */
import type { APIRoute } from 'astro';
import { ProfileSchema } from '../../../contracts/account';
import { toProfile, updateProfile } from '../../../server/accounts';
import { accountErrorResponse, readBody, requireUser } from '../../../server/accounts/api';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';

export const GET: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  return json(toProfile(signedIn.user));
};

export const PUT: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const body = await readBody(context.request, ProfileSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    return json(toProfile(await updateProfile(db, signedIn.user.id, body.value)));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
