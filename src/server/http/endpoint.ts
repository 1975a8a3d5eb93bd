/**
 * The one boundary of the spec 7 JSON endpoints (docs/decisions/038-one-http-edge.md). `endpoint()` checks who may call,
 * reads the body (or, on GET, the query string) through the shared reader and a zod schema, runs the
 * handler, and answers what it throws: a refusal of the family (src/domain/errors) as
 * `{ message, status }` with its kind's status; anything else is logged and answered with spec 8's
 * generic message. An endpoint file is then only its schema, its caller and its handler.
 */
import { OPERATOR_TOKEN } from 'astro:env/server';
import type { APIContext, APIRoute } from 'astro';
import type { z } from 'zod';
import { fieldErrorsOf } from '@/contracts/account';
import { DbIdInputSchema } from '@/contracts/text';
import { Invalid } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import type { UserRow } from '@/server/accounts/schema';
import { isValidIdempotencyKey } from '@/server/idempotency';
import { apiError, describeIssues, json, parseQuery, readRequestBody } from './api';
import { requireSignedIn } from './session';
import { errorResponse } from './status';

/** Who may call: anybody, a signed-in customer (else 401), or support holding the operator token. */
export type Caller = 'anyone' | 'customer' | 'operator';

/** What an operator endpoint answers without its token (none configured: the endpoint does not exist). */
export const OPERATOR_MESSAGES = { absent: 'Not found', required: 'Operator token required' } as const;

/** What a caller reads without a usable Idempotency-Key header on a paying call. */
export const IDEMPOTENCY_KEY_REQUIRED = 'An Idempotency-Key header (1 to 255 characters) is required.';

type Input<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Call<S, W extends Caller> {
  input: Input<S>;
  context: APIContext;
  /** The signed-in customer (only for `who: 'customer'`). */
  user: W extends 'customer' ? UserRow : null;
  /** The Idempotency-Key header (only for `idempotent: true`; empty otherwise). */
  idempotencyKey: string;
  /** The route's `[id]`, a database id (only with the `id` option; 0 otherwise). */
  id: number;
}

export interface EndpointOptions<S extends z.ZodType | undefined, W extends Caller> {
  who: W;
  /** The body's schema (the query string's on GET). */
  input?: S;
  /** How a failed check reads: every issue (default), or the first field's message (the account forms' wording). */
  invalid?: 'issues' | 'firstField';
  /** The service named in the log line of an unexpected failure. */
  area: string;
  /** What the caller reads (503) when the handler fails unexpectedly; spec 8's generic message by default. */
  unexpected?: string;
  /** A paying call: a valid Idempotency-Key header is required before anything else (400 without). */
  idempotent?: boolean;
  /** The route has an `[id]` that must be a database id: what a caller reads (400) when it is not one. */
  id?: string;
  /** Returns a Response, or a value answered as JSON 200. */
  handler: (call: Call<S, W>) => Promise<unknown> | unknown;
}

function invalidMessage(error: z.ZodError, style: 'issues' | 'firstField'): string {
  if (style === 'issues') return describeIssues(error);
  return Object.values(fieldErrorsOf(error))[0] ?? MESSAGES.requiredField;
}

/** One spec 7 endpoint: `export const POST = endpoint({ who, input, area, handler })`. */
export function endpoint<S extends z.ZodType | undefined = undefined, W extends Caller = Caller>(
  options: EndpointOptions<S, W>,
): APIRoute {
  return async (context) => {
    try {
      const idempotencyKey = context.request.headers.get('Idempotency-Key');
      if (options.idempotent && !isValidIdempotencyKey(idempotencyKey)) return apiError(400, IDEMPOTENCY_KEY_REQUIRED);
      let user: UserRow | null = null;
      if (options.who === 'operator') {
        if (!OPERATOR_TOKEN) return apiError(404, OPERATOR_MESSAGES.absent);
        if (context.request.headers.get('authorization') !== `Bearer ${OPERATOR_TOKEN}`)
          return apiError(401, OPERATOR_MESSAGES.required);
      } else if (options.who === 'customer') {
        user = await requireSignedIn(context);
      }
      let input: unknown;
      if (options.input) {
        if (context.request.method === 'GET' || context.request.method === 'HEAD') {
          const query = parseQuery(options.input, context.url.searchParams);
          if (!query.ok) return query.response;
          input = query.value;
        } else {
          const body = await readRequestBody(context.request);
          if (!body.ok) return body.response;
          const parsed = options.input.safeParse(body.value);
          if (!parsed.success) return apiError(400, invalidMessage(parsed.error, options.invalid ?? 'issues'));
          input = parsed.data;
        }
      }
      let id = 0;
      if (options.id !== undefined) {
        const parsed = DbIdInputSchema.safeParse(context.params.id);
        if (!parsed.success) throw new Invalid(options.id);
        id = parsed.data;
      }
      const answer = await options.handler({ input, context, user, idempotencyKey: idempotencyKey ?? '', id } as Call<
        S,
        W
      >);
      return answer instanceof Response ? answer : json(answer);
    } catch (error) {
      return errorResponse(error, options.area, options.unexpected);
    }
  };
}
