/**
 * Helpers for the account endpoints (spec 7): JSON bodies through zod, AccountError to
 * `{ message, status }`, and the signed-in user or a 401.
 */
import type { APIContext } from 'astro';
import type { z } from 'zod';
import { fieldErrorsOf } from '../../contracts/account';
import { MESSAGES } from '../../domain/messages';
import type { UserRow } from '../db/schema';
import { apiError, readRequestBody } from '../http/api';
import { logError } from '../log';
import { AccountError, describeAccountError } from './errors';
import { currentUser } from './session';

/** A JSON (or form) body read through a schema; an unreadable body or the first field message is a 400. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<{ ok: true; value: z.output<S> } | { ok: false; response: Response }> {
  const body = await readRequestBody(request);
  if (!body.ok) return body;
  const result = schema.safeParse(body.value);
  if (result.success) return { ok: true, value: result.data };
  const errors = fieldErrorsOf(result.error);
  return { ok: false, response: apiError(400, Object.values(errors)[0] ?? MESSAGES.requiredField) };
}

/** An account failure as its JSON error; anything else is logged and answered as spec 8's generic message. */
export function accountErrorResponse(error: unknown): Response {
  if (error instanceof AccountError) {
    const { status, message } = describeAccountError(error);
    const response = apiError(status, message);
    if (error.retryAfterSeconds) response.headers.set('Retry-After', String(error.retryAfterSeconds));
    return response;
  }
  logError('accounts', 'request failed', error);
  return apiError(503, MESSAGES.somethingWentWrong);
}

/** The signed-in user, or a 401 to return. */
export async function requireUser(
  context: Pick<APIContext, 'session' | 'cookies' | 'url'>,
): Promise<{ ok: true; user: UserRow } | { ok: false; response: Response }> {
  const user = await currentUser(context);
  if (user === null) return { ok: false, response: accountErrorResponse(new AccountError('notSignedIn')) };
  return { ok: true, user };
}
