/**
 * How the shop and its payment sandbox read their environment where the two must agree
 * (docs/decisions/039-configuration-declared-once.md): an empty variable counts as unset, as in a
 * shell's `VAR= npm start`, and LOG_LEVEL (which both read) takes pino's level names. Each app
 * declares its own variables (src/server/config.ts, sandbox/settings.ts).
 */

/** pino's levels, most severe first; `silent` logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The variables that are set to something: empty and blank ones count as unset. */
export function setVariables(variables: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())),
  );
}
