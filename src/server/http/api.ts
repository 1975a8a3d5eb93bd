/**
 * One way every /api endpoint answers: JSON bodies, JSON errors with a message and a status
 * under 500 for anything the caller got wrong (issue 5: "never a 500"), and zod-checked
 * query strings whose failures read as one plain sentence.
 */
import type { z } from 'zod';

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
