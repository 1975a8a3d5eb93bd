/**
 * The sandbox's log: pino JSON lines on stdout (failures on stderr), at LOG_LEVEL (default info, read
 * by ./settings.ts when the first line is logged, so importing this module reads nothing).
 * A failure is logged by its name and reason only: never a request body (card data passes through
 * the tokeniser) nor a query's bound parameters (nonces, tokens), which a database error's message
 * would otherwise carry.
 */
import pino, { type Logger } from 'pino';
import { readSandboxLogLevel } from './settings';

let made: Logger | undefined;
function logger(): Logger {
  made ??= pino({
    base: { service: 'tuppence-sandbox' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    level: readSandboxLogLevel(),
  });
  return made;
}

/** An error as a line: its name and the driver's own reason when it wraps one, without parameters. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error.message.replace(/\bparams: [\s\S]*$/, 'params: [left out]');
  return `${error.name}: ${cause ? message.split('\n')[0] : message}${cause}`;
}

/** Logs something the sandbox did: `what`, with plain fields. */
export function logInfo(what: string, fields: Record<string, string | number> = {}): void {
  logger().info(fields, what);
}

/** Logs a failure the sandbox answered for. */
export function logFailure(what: string, error: unknown): void {
  logger().error({ reason: reasonOf(error) }, what);
}
