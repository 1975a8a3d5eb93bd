/**
 * The last catch of every request (issue 14.7 and 14.8). An endpoint that throws used to get
 * Astro's HTML error page even under /api, and Astro logged the error's whole message, bound
 * query parameters included. Here an /api failure is logged without secrets and answered as JSON
 * `{ message, status }`; a page's failure goes on to the error page with its secrets taken out.
 */
import type { MiddlewareHandler } from 'astro';
import { MESSAGES } from '../../domain/messages';
import { logError, withoutSecrets } from '../log';
import { apiError } from './api';

/** Middleware: runs the rest of the request and answers what it throws. */
export const answerUnexpectedFailures: MiddlewareHandler = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!context.url.pathname.startsWith('/api/')) throw withoutSecrets(error);
    logError('api', `${context.request.method} ${context.url.pathname} failed`, error, { withStack: true });
    return apiError(500, MESSAGES.somethingWentWrong);
  }
};
