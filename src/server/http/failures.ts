/**
 * The last catch of every request. Left to Astro, an endpoint that throws gets Astro's HTML error
 * page even under /api, and Astro logs the error's whole message, bound query parameters included
 * (logs carry no secrets: src/server/log.ts, docs/decisions/025). Here an /api failure is logged
 * without secrets and answered as JSON `{ message, status }` (so is a path with no endpoint, which
 * Astro answers with its HTML 404 page); a page's failure goes on to the error page with its
 * secrets taken out.
 */
import type { MiddlewareHandler } from 'astro';
import { MESSAGES } from '@/domain/messages';
import { logError, withoutSecrets } from '@/server/log';
import { apiError } from './api';

/** What an /api caller reads for a path no endpoint answers. */
export const NO_ENDPOINT = 'There is no API endpoint at this path.';

/** Middleware: runs the rest of the request; on /api, answers what it throws and a missing endpoint as JSON. */
export const answerUnexpectedFailures: MiddlewareHandler = async (context, next) => {
  const isApi = context.url.pathname.startsWith('/api/');
  try {
    const response = await next();
    // No endpoint at this path (or not for this method): Astro renders the HTML 404 page.
    if (isApi && response.status === 404 && response.headers.get('content-type')?.startsWith('text/html')) {
      return apiError(404, NO_ENDPOINT);
    }
    return response;
  } catch (error) {
    if (!isApi) throw withoutSecrets(error);
    logError('api', `${context.request.method} ${context.url.pathname} failed`, error, { withStack: true });
    // spec 8: nobody planned for this failure (docs/decisions/060).
    return apiError(500, MESSAGES.unexpectedError);
  }
};
