/**
 * An action's body that cannot be read is the caller's mistake, answered with a 400 before the action
 * (and the page) meet it:
 * - a call to `/_actions/*` whose body says it is JSON but is not (`{`, a form) would be a 500 from
 *   Astro's action handler (the reliability run's fuzzing, docs/decisions/032); it gets the body
 *   readers' wording (`BODY_MESSAGES`);
 * - a form posted to a page's action (`?_action=`) that cannot be read (a multipart post without its
 *   boundary) would reach React's renderer, which reads it again while streaming the page, where a
 *   failure can only cut the response short (docs/decisions/030).
 * Other types are left to the action, which answers 415 or reads them.
 */
import type { MiddlewareHandler } from 'astro';
import { apiError, BODY_MESSAGES } from './api';

const FORM_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export const refuseUnreadableActionBodies: MiddlewareHandler = async (context, next) => {
  const { request, url } = context;
  if (request.method !== 'POST') return next();
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (url.pathname.startsWith('/_actions/') && type.split(';')[0]?.trim() === 'application/json') {
    try {
      const raw = await request.clone().text();
      if (raw.trim() !== '') JSON.parse(raw);
    } catch {
      return apiError(400, BODY_MESSAGES.notJson);
    }
  } else if (url.searchParams.has('_action') && FORM_BODY_TYPES.some((form) => type.startsWith(form))) {
    try {
      await request.clone().formData();
    } catch {
      return new Response('The form could not be read. Please go back and send it again.', {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
  }
  return next();
};
