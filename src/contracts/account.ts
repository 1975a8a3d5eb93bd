/**
 * Account forms and calls (spec 5 rules, spec 7 account service shapes). The same schemas run in
 * the browser (progressive forms) and on the server, so a message reads the same in both places.
 */
import { z } from 'zod';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import { MESSAGES } from '@/domain/messages';
import { text } from './text';

/** Not a spec rule: a sane bound so hashing cannot be made expensive (spec 5: upper bounds not shown). */
export const PASSWORD_MAX_LENGTH = 128;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * spec 5 email: required, then one of spec 5's three invalid-email messages; stored lower-cased.
 * Which form says which is docs/decisions/060.
 */
export function emailSchema(invalid: string = MESSAGES.invalidEmail) {
  return text({ error: MESSAGES.requiredField })
    .trim()
    .min(1, { error: MESSAGES.requiredField })
    .max(254, { error: invalid })
    .regex(EMAIL_PATTERN, { error: invalid })
    .transform((email) => email.toLowerCase());
}

/** spec 5 email with "Please enter a valid email." (the account and checkout forms). */
export const EmailSchema = emailSchema();

/**
 * spec 5 password, the stricter of the two readings (docs/decisions/006): at least 8 characters,
 * one uppercase letter, one number or special character, each with its own message.
 */
export const PasswordSchema = text({ error: MESSAGES.requiredField })
  .min(8, { error: MESSAGES.passwordMin8 })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_COPY.passwordTooLong })
  .regex(/[A-Z]/, { error: MESSAGES.passwordUppercase })
  .regex(/[^A-Za-z\s]/, { error: MESSAGES.passwordNumberOrSpecial });

const RequiredText = (max: number) =>
  text({ error: MESSAGES.requiredField }).trim().min(1, { error: MESSAGES.requiredField }).max(max);

/** A checkbox from a form ("on", or absent) or a JSON boolean. */
const Checkbox = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/** POST login: spec 7 loginRequest (j_username, j_password) with remember-me; forms send email/password. */
export const LoginSchema = z.object({
  email: EmailSchema,
  password: text({ error: MESSAGES.requiredField }).min(1, { error: MESSAGES.requiredField }).max(PASSWORD_MAX_LENGTH),
  rememberMe: Checkbox,
});
export type LoginInput = z.input<typeof LoginSchema>;

/** POST register: spec 7 requestRegistration. */
export const RegisterSchema = z.object({
  firstName: RequiredText(60),
  lastName: text().trim().max(60).optional().default(''),
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterInput = z.output<typeof RegisterSchema>;

/** POST express-register (guest checkout): email only. */
export const ExpressRegisterSchema = z.object({ email: EmailSchema });

/** A new password typed twice; spec 5 "Passwords should match" on the second field. */
function withMatchingConfirmation<T extends { newPassword: string; confirmNewPassword: string }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  if (value.newPassword !== value.confirmNewPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], message: MESSAGES.passwordsShouldMatch });
  }
}

/** spec 5 password change form: oldPassword, newPassword, confirmNewPassword. */
export const ChangePasswordSchema = z
  .object({
    oldPassword: text({ error: MESSAGES.requiredField })
      .min(1, { error: MESSAGES.requiredField })
      .max(PASSWORD_MAX_LENGTH),
    newPassword: PasswordSchema,
    confirmNewPassword: text({ error: MESSAGES.requiredField }),
  })
  .superRefine(withMatchingConfirmation);
export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

/** password_activate: an account made at checkout chooses its first password. */
export const ActivatePasswordSchema = z
  .object({ newPassword: PasswordSchema, confirmNewPassword: text({ error: MESSAGES.requiredField }) })
  .superRefine(withMatchingConfirmation);

/** The password reset request: an email. */
export const ForgotPasswordSchema = z.object({ email: EmailSchema });

/** password_reset: the emailed single-use token and the new password. */
export const ResetPasswordSchema = z
  .object({
    token: text().min(20).max(200),
    newPassword: PasswordSchema,
    confirmNewPassword: text({ error: MESSAGES.requiredField }),
  })
  .superRefine(withMatchingConfirmation);

/** PUT user: the details a shopper can change. */
export const ProfileSchema = z.object({
  firstName: RequiredText(60),
  lastName: text().trim().max(60).optional().default(''),
  email: EmailSchema,
});
export type ProfileInput = z.output<typeof ProfileSchema>;

/** Deleting the account: a confirmation step, and the password when the account has one. */
export const DeleteAccountSchema = z.object({
  confirm: Checkbox.refine((checked) => checked, { error: ACCOUNT_COPY.confirmDeletion }),
  password: text().max(PASSWORD_MAX_LENGTH).optional().default(''),
});

/** POST /v1/logingoogle: the Google one-tap credential (an ID token). */
export const GoogleLoginSchema = z.object({
  credential: text().min(1).max(4096),
  redirect: text().max(2000).nullish(),
});

/** spec 7 GET user: email, vipUser, customerToken (plus the names the header shows). */
export const UserProfileSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  vipUser: z.boolean(),
  customerToken: z.string(),
});
export type UserProfile = z.output<typeof UserProfileSchema>;

/** spec 3 user status response: hasPassword, isLocked, isRegistered, tpl. */
export const AccountStatusSchema = z.object({
  hasPassword: z.boolean(),
  isLocked: z.boolean(),
  isRegistered: z.boolean(),
  tpl: z.boolean(),
});
export type AccountStatus = z.output<typeof AccountStatusSchema>;

/**
 * spec 3 user flags of the signed-in user (GET /user/account-status): the status, hasAddress, true
 * exactly when the shopper has a saved delivery address (docs/decisions/051), and isFacebook and FBO
 * (has signed in with Facebook; Facebook only, no password: docs/decisions/055).
 */
export const UserFlagsSchema = AccountStatusSchema.extend({
  hasAddress: z.boolean(),
  isFacebook: z.boolean(),
  FBO: z.boolean(),
});
export type UserFlags = z.output<typeof UserFlagsSchema>;

/** Field name to its first message, for showing beside each input. */
export type FieldErrors = Record<string, string>;

/** zod issues (a ZodError, or an action's input error) as one friendly message per field (the first one), in field order. */
export function fieldErrorsOf(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The forms checked in the browser before they are posted (the same rules the server applies). */
export const FORM_SCHEMAS = {
  login: LoginSchema,
  register: RegisterSchema,
  forgot: ForgotPasswordSchema,
  reset: ResetPasswordSchema,
  changePassword: ChangePasswordSchema,
  activatePassword: ActivatePasswordSchema,
  profile: ProfileSchema,
  deleteAccount: DeleteAccountSchema,
} as const;
export type FormName = keyof typeof FORM_SCHEMAS;
