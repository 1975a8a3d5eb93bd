/**
 * spec 7 password reset: POST { email } requests the emailed link (same answer whether or not the
 * account exists); PUT { token, newPassword, confirmNewPassword } uses it, once.
 */
import type { APIRoute } from 'astro';
import { ForgotPasswordSchema, ResetPasswordSchema } from '../../../../contracts/account';
import { ACCOUNT_COPY } from '../../../../domain/account-copy';
import { requestEmailLink, resetPassword, toAccountStatus } from '../../../../server/accounts';
import { accountErrorResponse, readBody } from '../../../../server/accounts/api';
import { flushOutbox, loginThrottle } from '../../../../server/accounts/runtime';
import { getDb } from '../../../../server/db';
import { json } from '../../../../server/http/api';
import { publicOrigin } from '../../../../server/http/public-origin';

export const POST: APIRoute = async ({ request }) => {
  const body = await readBody(request, ForgotPasswordSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    await requestEmailLink(db, { email: body.value.email, purpose: 'password_reset', origin: publicOrigin() });
    await flushOutbox();
    return json({ message: ACCOUNT_COPY.resetSent }, { status: 202 });
  } catch (error) {
    return accountErrorResponse(error);
  }
};

export const PUT: APIRoute = async ({ request, clientAddress }) => {
  const body = await readBody(request, ResetPasswordSchema);
  if (!body.ok) return body.response;
  try {
    const { db } = await getDb();
    const user = await resetPassword(db, loginThrottle(), {
      token: body.value.token,
      newPassword: body.value.newPassword,
      attempt: { ip: clientAddress },
    });
    await flushOutbox();
    return json(toAccountStatus(user));
  } catch (error) {
    return accountErrorResponse(error);
  }
};
