/** spec 5 password and email rules, and the change form's "Passwords should match" (table-driven). */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import {
  ChangePasswordSchema,
  EmailSchema,
  fieldErrorsOf,
  PasswordSchema,
  RegisterSchema,
  UserProfileSchema,
} from './account';
import { UserProfileReadSchema } from './user-profile';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('spec 5 password, the stricter reading', () => {
  it.each([
    ['Abc12', MESSAGES.passwordMin8],
    ['', MESSAGES.passwordMin8],
    ['abcdefg1', MESSAGES.passwordUppercase],
    ['Abcdefgh', MESSAGES.passwordNumberOrSpecial],
    ['Abcdefg ', MESSAGES.passwordNumberOrSpecial],
    ['Abcdefg1', null],
    ['Abcdefg!', null],
    ['Pass word#', null],
    ['A'.repeat(129), 'Password must be at most 128 characters long.'],
  ])('%j → %s', (password, message) => {
    expect(firstMessage(PasswordSchema.safeParse(password))).toBe(message);
  });

  it('reports every broken rule for a short lower-case password, in the spec order', () => {
    const result = PasswordSchema.safeParse('abc');
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual([
      MESSAGES.passwordMin8,
      MESSAGES.passwordUppercase,
      MESSAGES.passwordNumberOrSpecial,
    ]);
  });
});

describe('spec 5 email', () => {
  it.each([
    ['ada@example.co.uk', 'ada@example.co.uk'],
    ['  Ada@Example.CO.UK ', 'ada@example.co.uk'],
  ])('%j is accepted as %j', (input, output) => {
    expect(EmailSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', MESSAGES.requiredField],
    ['ada', MESSAGES.invalidEmail],
    ['ada@example', MESSAGES.invalidEmail],
    ['ada @example.com', MESSAGES.invalidEmail],
  ])('%j → %s', (input, message) => {
    expect(firstMessage(EmailSchema.safeParse(input))).toBe(message);
  });
});

describe('spec 5 password change form', () => {
  it.each([
    [{ oldPassword: 'Old1pass', newPassword: 'Newpass1', confirmNewPassword: 'Newpass1' }, {}],
    [
      { oldPassword: 'Old1pass', newPassword: 'Newpass1', confirmNewPassword: 'Newpass2' },
      { confirmNewPassword: MESSAGES.passwordsShouldMatch },
    ],
    [
      { oldPassword: '', newPassword: 'short', confirmNewPassword: 'short' },
      { oldPassword: MESSAGES.requiredField, newPassword: MESSAGES.passwordMin8 },
    ],
  ])('%j → %j', (form, errors) => {
    const result = ChangePasswordSchema.safeParse(form);
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual(errors);
  });
});

describe('registration', () => {
  it('"Abc12" shows the 8-character message beside the password', () => {
    const result = RegisterSchema.safeParse({ firstName: 'Ada', email: 'ada@example.co.uk', password: 'Abc12' });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ password: MESSAGES.passwordMin8 });
  });

  it('needs a first name', () => {
    const result = RegisterSchema.safeParse({ firstName: ' ', email: 'ada@example.co.uk', password: 'Abcdefg1' });
    expect(result.success ? {} : fieldErrorsOf(result.error)).toEqual({ firstName: MESSAGES.requiredField });
  });
});

describe('the header island reads the same profile the server sends', () => {
  it('UserProfileReadSchema (hand-checked) accepts exactly what UserProfileSchema produces', () => {
    const profile = UserProfileSchema.parse({
      email: 'sam@example.co.uk',
      firstName: 'Sam',
      lastName: 'Jones',
      vipUser: false,
      customerToken: 'ct-1234567890',
    });
    expect(UserProfileReadSchema.parse(profile)).toEqual(profile);
    expect(UserProfileReadSchema.safeParse({ ...profile, vipUser: 'no' }).success).toBe(false);
  });
});
