/**
 * spec 7 /v1/logingoogle (Google one-tap): the ID token is verified against the configured JWKS;
 * spec 8 "Invalid google token id" for a bad token, "Email wasn't registered" for an unknown email.
 */
import type { APIRoute } from 'astro';
import { GoogleLoginSchema } from '../../../contracts/account';
import { IDENTITY_COOKIES } from '../../../domain/cookies';
import { postLoginDestination } from '../../../domain/post-login';
import { AccountError, retrieveUserByEmail, toProfile, verifyGoogleIdToken } from '../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../server/accounts/api';
import { googleSignIn } from '../../../server/accounts/runtime';
import { signIn } from '../../../server/accounts/session';
import { getDb } from '../../../server/db';
import { apiError, json } from '../../../server/http/api';

export const POST: APIRoute = async (context) => {
  const google = googleSignIn();
  if (google === null) return apiError(404, 'Google sign-in is not configured.');
  const body = await readBody(context.request, GoogleLoginSchema);
  if (!body.ok) return accountErrorResponse(new AccountError('invalidGoogleToken'));
  try {
    const identity = await verifyGoogleIdToken(body.value.credential, google);
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, identity.email);
    if (user === null) throw new AccountError('emailNotRegistered');
    const redirect = postLoginDestination({
      redirectUrl: body.value.redirect,
      postLoginUrl: context.cookies.get(IDENTITY_COOKIES.postLoginUrl)?.value,
    });
    await signIn(context, user, { rememberMe: true });
    return json({ data: { customerToken: user.customerToken }, user: toProfile(user), redirect });
  } catch (error) {
    return accountErrorResponse(error);
  }
};
