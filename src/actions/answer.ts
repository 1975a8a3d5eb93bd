/**
 * How an action answers a failure: a refusal of the error family (src/domain/errors) becomes an
 * ActionError with the status its kind has everywhere (`statusOf`, src/server/http/status.ts) and the
 * spec 8 wording a JSON endpoint gives; anything else is logged and answered as spec 8's generic
 * message (docs/decisions/038-one-http-edge.md).
 */
import { ActionError } from 'astro:actions';
import { AppError, type Refusal } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { statusOf } from '@/server/http';
import { logError } from '@/server/log';

export type ActionCode = ConstructorParameters<typeof ActionError>[0]['code'];

/** Runs a handler; a refusal keeps its status and wording, anything else is logged and answered as spec 8's generic message. */
export async function answer<T>(
  area: string,
  run: () => Promise<T>,
  failureMessage: string = MESSAGES.somethingWentWrong,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ActionError) throw error;
    if (error instanceof AppError) {
      throw new ActionError({
        code: ActionError.statusToCode(statusOf(error.kind)) as ActionCode,
        message: error.message,
      });
    }
    logError(area, 'action failed', error);
    throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: failureMessage });
  }
}

/** A returned refusal thrown as its error (the message followed by the card's reason, when there is one). */
export function refusalError(refusal: Refusal<string>): AppError {
  return new AppError(refusal.kind, refusal.reason ? `${refusal.message} ${refusal.reason}` : refusal.message);
}

/** The caller's address, or '' where the adapter has none. */
export function clientIp(context: { clientAddress?: string }): string {
  try {
    return context.clientAddress ?? '';
  } catch {
    return '';
  }
}
