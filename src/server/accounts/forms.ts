/**
 * Progressive account forms (issue 6): pages read a posted form, validate it with the shared zod
 * contract and turn service failures into one message. Works without JavaScript.
 */
import type { z } from 'zod';
import { type FieldErrors, fieldErrorsOf } from '@/contracts/account';
import { AppError, describeError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { logError, logWarning } from '@/server/log';

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
export async function readForm(request: Request): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  try {
    const data = await request.formData();
    for (const [key, value] of data.entries()) if (typeof value === 'string') values[key] = value;
  } catch (error) {
    // A body that is not a form leaves every field empty; validation then says what is missing.
    logWarning('forms', 'unreadable form body', error);
  }
  return values;
}

/** Values safe to put back into the form (passwords and tokens never are). */
export function echoValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELDS.has(key)));
}

/** Validates posted values; on failure returns the state to render with a 400. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: Record<string, string>,
): { ok: true; data: z.output<S> } | { ok: false; state: FormState } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, state: { errors: fieldErrorsOf(result.error), message: null, values: echoValues(values) } };
}

/** A failure as form state and status; unknown failures are logged and shown as spec 8's generic message. */
export function failureState(error: unknown, values: Record<string, string>): { state: FormState; status: number } {
  if (error instanceof AppError) {
    const { status, message } = describeError(error);
    return { state: { errors: {}, message, values: echoValues(values) }, status };
  }
  logError('accounts', 'form failed', error);
  return { state: { errors: {}, message: MESSAGES.somethingWentWrong, values: echoValues(values) }, status: 503 };
}

/** What a page learns from a posted form: the state to render and, on success, what the action returned. */
export type Submission<T> = { form: FormState; done: false } | { form: FormState; done: true; result: T };

/**
 * The whole progressive-form round trip for a page: on a POST, read and validate the form with
 * the shared contract (400 with field messages), run `action` with the parsed data (a failure
 * becomes one message and its status), and say whether it succeeded. A GET renders the empty form.
 */
export async function submitForm<S extends z.ZodType, T>(
  page: { request: Request; response: { status?: number } },
  schema: S,
  action: (data: z.output<S>, values: Record<string, string>) => Promise<T>,
): Promise<Submission<T>> {
  if (page.request.method !== 'POST') return { form: EMPTY_FORM, done: false };
  const values = await readForm(page.request);
  const checked = validateForm(schema, values);
  if (!checked.ok) {
    page.response.status = 400;
    return { form: checked.state, done: false };
  }
  try {
    return { form: EMPTY_FORM, done: true, result: await action(checked.data, values) };
  } catch (error) {
    const failure = failureState(error, values);
    page.response.status = failure.status;
    return { form: failure.state, done: false };
  }
}
