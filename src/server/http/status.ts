/**
 * The one place a refusal becomes an HTTP status (docs/decisions/038-one-http-edge.md). Services
 * throw the error family of src/domain/errors.ts or return a `Refusal` of the same kinds; spec 7
 * endpoints (./endpoint.ts), Astro Actions (src/actions/answer.ts) and pages answer both through
 * `statusOf`, so a kind reads the same status wherever it is answered.
 */
import { AppError, type ErrorKind, type Refusal } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { logError } from '@/server/log';
import { apiError, json } from './api';

/** Each kind's HTTP status. `failed` (the shop could not do it) is a 500; spec 8 words it. */
const STATUS_OF_KIND: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthorised: 401,
  paymentDeclined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  rateLimited: 429,
  failed: 500,
  unavailable: 503,
  timedOut: 504,
};

/** The HTTP status of a refusal's kind. */
export function statusOf(kind: ErrorKind): number {
  return STATUS_OF_KIND[kind];
}

/**
 * A returned refusal as its JSON body: `{ message, status }` and whatever else it carries (spec 3's
 * `reason`, a `code`, Express Buy's `checkoutUrl`); a field it does not have is not written.
 */
export function refusalBody<R extends Refusal<string>>(
  refusal: R,
): { message: string; status: number } & Omit<R, 'ok' | 'kind' | 'message'> {
  const { ok: _ok, kind, message, ...rest } = refusal;
  return { message, status: statusOf(kind), ...rest };
}

/** A returned refusal as its JSON answer, with its kind's status. */
export function refusalResponse(refusal: Refusal<string>): Response {
  return json(refusalBody(refusal), { status: statusOf(refusal.kind) });
}

/** A thrown refusal as its JSON error (with Retry-After for a rate limit); anything else is logged and answered 503. */
export function errorResponse(
  error: unknown,
  area: string,
  unexpected: string = MESSAGES.somethingWentWrong,
): Response {
  if (error instanceof AppError) {
    const response = apiError(statusOf(error.kind), error.message);
    if (error.retryAfterSeconds) response.headers.set('Retry-After', String(error.retryAfterSeconds));
    return response;
  }
  logError(area, 'request failed', error);
  return apiError(503, unexpected);
}
