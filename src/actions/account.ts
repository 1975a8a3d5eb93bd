/**
 * The account pages' progressive forms as Astro Actions (spec 2 Auth and Account, spec 5 form rules,
 * spec 7 account calls; docs/decisions/009-accounts-and-identity.md, 030). Each form posts to its page with `?_action=`; the page reads the
 * outcome with `Astro.getActionResult` (src/components/account/form-result.ts), so every form works
 * without JavaScript. Input is the form's own contract (`formInput`): a field's message reads as the
 * browser's check before posting. A refusal keeps its status and spec 8 wording through `answer`.
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import {
  ActivatePasswordSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
} from '@/contracts/account';
import { formInput } from '@/contracts/form';
import {
  activatePassword,
  anonymizeUser,
  authenticateUser,
  changePassword,
  consumeSignInToken,
  DEVICE_COOKIE,
  registerUser,
  requestEmailLink,
  resetPassword,
  updateProfile,
} from '@/server/accounts';
import { getDb } from '@/server/db';
import { refreshSessionEpoch, rememberDeletedEmail, requireSignedIn, signIn, signOut } from '@/server/http';
import { flushOutbox, loginThrottle, publicOrigin } from '@/server/runtime';
import { answer, clientIp } from './answer';

export const accountActions = {
  /** /login: email and password (with remember-me); the page then sends the shopper on (spec 2). */
  login: defineAction({
    accept: 'form',
    input: formInput(LoginSchema),
    handler: (data, context) =>
      answer('accounts', async () => {
        const { db } = await getDb();
        const user = await authenticateUser(db, loginThrottle(), {
          email: data.email,
          password: data.password,
          ip: clientIp(context),
          deviceCookie: context.cookies.get(DEVICE_COOKIE)?.value,
        });
        await signIn(context, user, { rememberMe: data.rememberMe });
        return { signedIn: true as const };
      }),
  }),

  /** /register: every valid registration reads "check your email" (docs/decisions/017-login-throttling.md). */
  register: defineAction({
    accept: 'form',
    input: formInput(RegisterSchema),
    handler: (data) =>
      answer('accounts', async () => {
        const { db } = await getDb();
        await registerUser(db, data, publicOrigin());
        await flushOutbox();
        return { sent: true as const };
      }),
  }),

  /** /forgot-password and /forgot-password/sign-in-link: a reset link, or a one-time sign-in link. */
  requestEmailLink: defineAction({
    accept: 'form',
    input: formInput(ForgotPasswordSchema.extend({ purpose: z.string().optional() })),
    handler: ({ email, purpose }) =>
      answer('accounts', async () => {
        const { db } = await getDb();
        await requestEmailLink(db, {
          email,
          purpose: purpose === 'sign_in' ? 'sign_in' : 'password_reset',
          origin: publicOrigin(),
        });
        await flushOutbox();
        return { sent: true as const };
      }),
  }),

  /** /forgot-password/reset: the emailed token and a new password; success signs in here. */
  resetPassword: defineAction({
    accept: 'form',
    input: formInput(ResetPasswordSchema),
    handler: ({ token, newPassword }, context) =>
      answer('accounts', async () => {
        const { db } = await getDb();
        const user = await resetPassword(db, loginThrottle(), {
          token,
          newPassword,
          attempt: { ip: clientIp(context) },
        });
        await flushOutbox();
        await signIn(context, user, { rememberMe: false });
        return { reset: true as const };
      }),
  }),

  /** /consume-token: pressing the button spends the emailed sign-in token (spec 2 Flow). */
  consumeSignInToken: defineAction({
    accept: 'form',
    input: formInput(z.object({ token: z.string().catch('') })),
    handler: ({ token }, context) =>
      answer('accounts', async () => {
        const { db } = await getDb();
        const user = await consumeSignInToken(db, token);
        await signIn(context, user, { rememberMe: false });
        return { signedIn: true as const };
      }),
  }),

  /** /myaccount/profile (spec 7 PUT user): name and email. */
  updateProfile: defineAction({
    accept: 'form',
    input: formInput(ProfileSchema),
    handler: (data, context) =>
      answer('accounts', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await updateProfile(db, user.id, data);
        return { saved: true as const };
      }),
  }),

  /** /myaccount/password (spec 7 PATCH password): the old password and a new one typed twice. */
  changePassword: defineAction({
    accept: 'form',
    input: formInput(ChangePasswordSchema),
    handler: ({ oldPassword, newPassword }, context) =>
      answer('accounts', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        refreshSessionEpoch(context, await changePassword(db, user.id, { oldPassword, newPassword }));
        await flushOutbox();
        return { password: 'changed' as const };
      }),
  }),

  /** /myaccount/password (spec 7 password_activate): an account made at checkout sets its first password. */
  setPassword: defineAction({
    accept: 'form',
    input: formInput(ActivatePasswordSchema),
    handler: ({ newPassword }, context) =>
      answer('accounts', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        refreshSessionEpoch(context, await activatePassword(db, user.id, newPassword));
        await flushOutbox();
        return { password: 'set' as const };
      }),
  }),

  /** /myaccount/delete (spec 7 anonymize): the personal data goes, the session ends (spec 9 delete-email cookie). */
  deleteAccount: defineAction({
    accept: 'form',
    input: formInput(DeleteAccountSchema),
    handler: ({ password }, context) =>
      answer('accounts', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const email = await anonymizeUser(db, user.id, password);
        signOut(context);
        rememberDeletedEmail(context, email);
        return { deleted: true as const };
      }),
  }),

  /**
   * spec 2 account mini menu "Logout" and the /logout page: a form POST ends the session in the store
   * (the page then sends the shopper to /login). A GET never signs anyone out.
   */
  logout: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer('accounts', async () => {
        signOut(context);
        return { signedOut: true as const };
      }),
  }),
};
