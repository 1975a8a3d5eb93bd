/**
 * The one way the server logs a failure: logs carry no query parameters, hashes, tokens or card
 * data (docs/decisions/025, 032: the reliability run searches the whole log for them). Drizzle's
 * query errors put every bound value in their message ("Failed query: <sql>\nparams: <values>"), so
 * a failed insert of a new account once logged its email, argon2 hash and customer token. Here a
 * query error keeps its SQL text and the driver's reason and code, never its parameters;
 * PostgreSQL's `detail` ("Key (email)=(...) already exists") is left out; and whatever text remains
 * is swept for anything that looks like a secret.
 */

import { createHash } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { formatLogDateTime, type LogRecord, pathOnly } from '@/domain/log-record';
import { serverConfig } from '@/server/config';

/**
 * The server logs structured JSON lines (pino), one object per event, with a level, an ISO time, a
 * scope and a message; nothing personal beyond the spec 3 logging record's fields. Made on first use
 * at LOG_LEVEL (src/server/config.ts), so importing this module never reads the configuration.
 */
let made: Logger | undefined;
function logger(): Logger {
  made ??= pino(
    {
      base: { service: 'tuppence' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      level: serverConfig().logLevel,
    },
    // Failures to stderr and the rest to stdout, through the console so every runtime (the Node
    // server, vitest, the dev server) carries them the same way.
    {
      write(line: string) {
        const text = line.trimEnd();
        if (text.includes('"level":"error"') || text.includes('"level":"fatal"')) console.error(text);
        else if (text.includes('"level":"warn"')) console.warn(text);
        else console.log(text);
      },
    },
  );
  return made;
}

/** What a secret looks like in free text, and what it is replaced with. Order matters: hashes first. */
const REDACTIONS: ReadonlyArray<readonly [RegExp, string]> = [
  // Drizzle's bound values, wherever its message was copied into another one (they come last).
  [/\bparams: [\s\S]*$/, 'params: [left out]'],
  // argon2 (and other modular-crypt) hashes: $argon2id$v=19$m=...,t=...,p=...$salt$hash
  [/\$argon2[a-z]*\$[^\s'",)\]}]*/gi, '[hash]'],
  [/[^\s@'"`,;:()<>[\]{}]+@[^\s@'"`,;:()<>[\]{}]+\.[^\s@'"`,;:()<>[\]{}]+/g, '[email]'],
  // 12 to 19 digit card numbers, with or without spaces or dashes between the digits. Not a token's
  // pseudonym (tokenPseudonym below): its 12 hex digits are sometimes all decimal digits.
  [/(?<![\d.])(?<!sha256:)\d(?:[ -]?\d){11,18}(?![\d.])/g, '[number]'],
  // Long hex (digests, ids) and base64url tokens. A run that is all lower case without digits is
  // a SQL identifier ("sold_out_notifications"), not a token, so it stays readable.
  [/(?<![A-Za-z0-9_-])[0-9a-fA-F]{16,}(?![A-Za-z0-9_-])/g, '[token]'],
  [/(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])/g, '[token]'],
];

/** Free text with hashes, emails, card numbers and long tokens replaced by placeholders. */
export function redactSecrets(text: string): string {
  return REDACTIONS.reduce((redacted, [pattern, placeholder]) => redacted.replace(pattern, placeholder), text);
}

interface QueryErrorLike {
  query: string;
  params: unknown;
  cause?: unknown;
}

/** Drizzle's DrizzleQueryError (by shape, so both drivers' wrappers and copies across bundles match). */
function isQueryError(error: unknown): error is Error & QueryErrorLike {
  return error instanceof Error && typeof (error as Partial<QueryErrorLike>).query === 'string' && 'params' in error;
}

/** The driver's own reason: message and SQLSTATE code; never `detail`, `where` or `params`, which embed values. */
function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && code !== '' ? `${cause.message} (code ${code})` : cause.message;
  }
  return typeof cause === 'string' ? cause : '';
}

/**
 * A failure as one line safe to log: a query error as its SQL and its cause (no parameters),
 * any other error as its message and its cause's, everything swept by `redactSecrets`.
 */
export function describeError(error: unknown): string {
  if (isQueryError(error)) {
    const cause = describeCause(error.cause);
    return redactSecrets(`Failed query: ${error.query}${cause ? ` -- ${cause}` : ''}`);
  }
  if (error instanceof Error) {
    const cause = error.cause === undefined ? '' : describeError(error.cause);
    const own = describeCause(error);
    return redactSecrets(cause ? `${own} (cause: ${cause})` : own);
  }
  if (typeof error === 'string') return redactSecrets(error);
  return redactSecrets(String(error));
}

/** The call stack of an error without its message lines (those are in `describeError`). */
function stackFrames(error: unknown): string {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return '';
  const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.length > 0 ? `\n${redactSecrets(frames.join('\n'))}` : '';
}

/** Logs a failure the shop answered for: `[scope] what: reason`. Pass `withStack` for unexpected ones. */
export function logError(scope: string, what: string, error: unknown, options: { withStack?: boolean } = {}): void {
  const stack = options.withStack ? stackFrames(error).trim() : '';
  logger().error(
    { scope, reason: describeError(error), ...(stack ? { stack } : {}) },
    `[${scope}] ${redactSecrets(what)}`,
  );
}

/** Logs something that went wrong but was worked around: `[scope] what: reason`. */
export function logWarning(scope: string, what: string, error: unknown): void {
  logger().warn({ scope, reason: describeError(error) }, `[${scope}] ${redactSecrets(what)}`);
}

/**
 * The same failure with only what `describeError` keeps, for handing on to code that logs whole
 * errors (Astro logs an unhandled error's stack, whose first line is its message).
 */
export function withoutSecrets(error: unknown): Error {
  const safe = new Error(describeError(error));
  safe.stack = `Error: ${safe.message}${stackFrames(error)}`;
  return safe;
}

/** A token in a log: a short SHA-256 pseudonym that correlates lines but cannot be used (docs/decisions/025). */
export function tokenPseudonym(token: string | null | undefined): string | null {
  if (!token) return null;
  return `sha256:${createHash('sha256').update(token).digest('hex').slice(0, 12)}`;
}

export interface LogRecordInput {
  brand: string;
  description: string;
  basketToken?: string | null;
  customerToken?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  pageNotFound?: string | null;
  reason?: string | null;
  now?: Date;
}

/**
 * spec 3 Logging record as one JSON line: its fields and nothing more. Tokens are pseudonyms, the
 * missing page is a path without its query, and free text is swept by `redactSecrets`.
 */
export function buildLogRecord(input: LogRecordInput): LogRecord {
  return {
    brand: input.brand,
    dateTime: formatLogDateTime(input.now ?? new Date()),
    basketToken: tokenPseudonym(input.basketToken),
    customerToken: tokenPseudonym(input.customerToken),
    ip: input.ip ?? null,
    description: redactSecrets(input.description).slice(0, 1000),
    userAgent: input.userAgent ? input.userAgent.slice(0, 400) : null,
    pageNotFound: input.pageNotFound ? redactSecrets(pathOnly(input.pageNotFound)) : null,
    reason: input.reason ? redactSecrets(input.reason).slice(0, 1000) : null,
  };
}

/** Writes a spec 3 logging record (spec 7 log and notFoundHit land here). */
export function logRecord(
  kind: 'log' | 'notFoundHit',
  input: LogRecordInput,
  level: 'info' | 'warn' | 'error' = 'info',
): LogRecord {
  const record = buildLogRecord(input);
  logger()[level]({ scope: kind, record }, kind);
  return record;
}
