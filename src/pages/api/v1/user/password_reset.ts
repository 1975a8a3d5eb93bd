/**
 * spec 7 password reset: POST { email } requests the emailed link (same answer whether or not the
 * account exists); PUT { token, newPassword, confirmNewPassword } uses it, once.
 */
import { ForgotPasswordSchema, ResetPasswordSchema } from '@/contracts/account';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import { requestEmailLink, resetPassword, toAccountStatus } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { flushOutbox, loginThrottle, publicOrigin } from '@/server/runtime';

export const POST = endpoint({
  who: 'anyone',
  input: ForgotPasswordSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input }) => {
    const { db } = await getDb();
    await requestEmailLink(db, { email: input.email, purpose: 'password_reset', origin: publicOrigin() });
    await flushOutbox();
    return json({ message: ACCOUNT_COPY.resetSent }, { status: 202 });
  },
});

export const PUT = endpoint({
  who: 'anyone',
  input: ResetPasswordSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, context }) => {
    const { db } = await getDb();
    const user = await resetPassword(db, loginThrottle(), {
      token: input.token,
      newPassword: input.newPassword,
      attempt: { ip: context.clientAddress },
    });
    await flushOutbox();
    return toAccountStatus(user);
  },
});
