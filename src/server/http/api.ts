/**
 * One way every /api endpoint answers: JSON bodies, JSON errors with a message and a status
 * under 500 for anything the caller got wrong (never a 500: docs/decisions/032), and zod-checked
 * query strings whose failures read as one plain sentence.
 */
import type { z } from 'zod';
import { hasNul, NUL_MESSAGE } from '@/contracts/text';
import { BOUND_MESSAGES, parseBoundedJson, readBoundedBytes } from './bounded-body';

export interface ApiErrorBody {
  message: string;
  status: number;
}

/** A JSON response; `cacheSeconds` makes it shareable by caches (public data only). */
export function json(body: unknown, init: { status?: number; cacheSeconds?: number } = {}): Response {
  const headers = new Headers({ 'Content-Type': 'application/json; charset=utf-8' });
  headers.set(
    'Cache-Control',
    init.cacheSeconds ? `public, max-age=60, s-maxage=${init.cacheSeconds}, stale-while-revalidate=60` : 'no-store',
  );
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers });
}

/** A JSON error: `{ message, status }`. */
export function apiError(status: number, message: string): Response {
  const body: ApiErrorBody = { message, status };
  return json(body, { status });
}

/** zod issues as one sentence a developer can act on: "pageSize: Too big: expected number to be <=100". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Reads a query string through a schema. Repeated keys become arrays (recentViewedDeal=1&recentViewedDeal=2).
 * Returns the parsed value, or a 400 response saying what was wrong.
 */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
): { ok: true; value: z.output<S> } | { ok: false; response: Response } {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, response: apiError(400, describeIssues(result.error)) };
}

/** What a caller reads when the body cannot be read: a 400 that says what to send. */
export const BODY_MESSAGES = {
  notJson: 'The request body is not valid JSON.',
  notForm: 'The request body is not a readable form (a multipart body needs its boundary).',
  wrongType: 'Send the body as JSON (Content-Type: application/json) or as a form.',
  ...BOUND_MESSAGES,
} as const;

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** True when a value read from a body holds a NUL character in any string, key or value. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return hasNul(value);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => hasNul(key) || holdsNul(inner));
  }
  return false;
}

export type BodyRead = { ok: true; value: unknown; isForm: boolean } | { ok: false; response: Response };

/**
 * Reads a request body for an endpoint, never throwing: JSON (also sent as text/plain or with no
 * Content-Type; an empty body is `{}`) or a form (urlencoded or multipart; files are left out).
 * Every body is read through the bounded reader (./bounded-body.ts, spec 8): over 1 MB is a 413,
 * JSON nested past 32 levels a 400, both before parsing. Unreadable JSON, a multipart body without
 * its boundary, another content type, or text with a NUL character anywhere (PostgreSQL cannot
 * store it) is a 400 saying what was wrong.
 */
export async function readRequestBody(request: Request): Promise<BodyRead> {
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  let value: unknown = {};
  const isForm = FORM_TYPES.has(type);
  const isJson = type === '' || type === 'text/plain' || type === 'application/json' || type.endsWith('+json');
  if (!isForm && !isJson) return { ok: false, response: apiError(400, BODY_MESSAGES.wrongType) };
  const read = await readBoundedBytes(request).catch(() => null);
  if (read === null)
    return { ok: false, response: apiError(400, isForm ? BODY_MESSAGES.notForm : BODY_MESSAGES.notJson) };
  if (!read.ok) return { ok: false, response: apiError(read.status, read.message) };
  if (isForm) {
    try {
      const fields: Record<string, string> = {};
      const form = await new Response(read.bytes, { headers: { 'content-type': contentType } }).formData();
      for (const [key, entry] of form.entries()) if (typeof entry === 'string') fields[key] = entry;
      value = fields;
    } catch {
      return { ok: false, response: apiError(400, BODY_MESSAGES.notForm) };
    }
  } else {
    const parsed = parseBoundedJson(new TextDecoder().decode(read.bytes));
    if (!parsed.ok) return { ok: false, response: apiError(parsed.status, BODY_MESSAGES[parsed.reason]) };
    value = parsed.value;
  }
  if (holdsNul(value)) return { ok: false, response: apiError(400, NUL_MESSAGE) };
  return { ok: true, value, isForm };
}
