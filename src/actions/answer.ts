/**
 * How an action answers a failure (issue 16.3): a refusal of the error family (src/domain/errors)
 * becomes an ActionError with the same status and spec 8 wording a JSON endpoint gives; anything
 * else is logged and answered as spec 8's generic message.
 */
import { ActionError } from 'astro:actions';
import { AppError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
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
      throw new ActionError({ code: ActionError.statusToCode(error.status) as ActionCode, message: error.message });
    }
    logError(area, 'action failed', error);
    throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: failureMessage });
  }
}

/** The caller's address, or '' where the adapter has none. */
export function clientIp(context: { clientAddress?: string }): string {
  try {
    return context.clientAddress ?? '';
  } catch {
    return '';
  }
}
