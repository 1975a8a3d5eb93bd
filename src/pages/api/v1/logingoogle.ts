/**
 * spec 7 /v1/logingoogle (Google one-tap): the ID token is verified against the configured JWKS;
 * spec 8 "Invalid google token id" for a bad token, "Email wasn't registered" for an unknown email.
 */
import { GoogleLoginSchema } from '@/contracts/account';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { postLoginDestination } from '@/domain/post-login';
import { AccountError, retrieveUserByEmail, toProfile, verifyGoogleIdToken } from '@/server/accounts';
import { getDb } from '@/server/db';
import { apiError, endpoint, readRequestBody, signIn } from '@/server/http';
import { googleSignIn } from '@/server/runtime';

export const POST = endpoint({
  who: 'anyone',
  area: 'accounts',
  handler: async ({ context }) => {
    const google = googleSignIn();
    if (google === null) return apiError(404, 'Google sign-in is not configured.');
    // Whatever cannot be read as a credential is an invalid token (spec 8), unreadable bodies included.
    const read = await readRequestBody(context.request);
    const body = read.ok ? GoogleLoginSchema.safeParse(read.value) : null;
    if (!body?.success) throw new AccountError('invalidGoogleToken');
    const identity = await verifyGoogleIdToken(body.data.credential, google);
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, identity.email);
    if (user === null) throw new AccountError('emailNotRegistered');
    const redirect = postLoginDestination({
      redirectUrl: body.data.redirect,
      postLoginUrl: context.cookies.get(IDENTITY_COOKIES.postLoginUrl)?.value,
    });
    await signIn(context, user, { rememberMe: true });
    return { data: { customerToken: user.customerToken }, user: toProfile(user), redirect };
  },
});
