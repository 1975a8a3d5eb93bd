/**
 * Progressive forms posted to Astro Actions (decision 030): the action's zod input reads the posted
 * fields as strings and checks them with the form's own contract, so a message reads the same as
 * in the browser's check before posting (and as it did when pages read forms by hand).
 */
import { z } from 'zod';
import type { FieldErrors } from './account';

/** What a form page renders after a POST: field messages, one form message, and the values typed. */
export interface FormState {
  errors: FieldErrors;
  message: string | null;
  values: Record<string, string>;
}

export const EMPTY_FORM: FormState = { errors: {}, message: null, values: {} };

/** Never echoed back into a page. */
const SECRET_FIELDS = new Set(['password', 'oldPassword', 'newPassword', 'confirmNewPassword', 'token']);

/** The posted fields as strings (files ignored). */
export function formStrings(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') values[key] = value;
  return values;
}

/** Values safe to put back into the form (passwords and tokens never are). */
export function echoValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELDS.has(key)));
}

/**
 * An action's `input` for a progressive form: the FormData as strings (a missing field is absent,
 * an empty one ''), then the form's contract. Astro hands a schema that is not an object the
 * FormData itself, so its own coercions (empty to null, numbers) never run before the contract.
 */
export function formInput<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value instanceof FormData ? formStrings(value) : value), schema);
}
