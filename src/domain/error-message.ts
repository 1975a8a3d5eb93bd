/**
 * getErrorMessage on its own, so browser code that only needs it does not carry the error family and
 * its copy catalogues (src/domain/errors.ts re-exports it; the deal page's JS budget, decision 022).
 */
import { MESSAGES } from './messages';

/** One way to say what went wrong, for a person or a log line: a refusal's wording, an error's message. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return MESSAGES.somethingWentWrong;
}
