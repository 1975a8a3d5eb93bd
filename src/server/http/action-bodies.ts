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
 *
 * Every body here is also read within the bounds of ./bounded-body.ts (spec 8): a request of any
 * route whose Content-Length is over 1 MB is a 413 before anything reads it, an action's or a page
 * form's body is read as a stream and given up past 1 MB (413), and an action's JSON nested past
 * 32 levels is a 400. The /api endpoints read theirs through `readRequestBody`, also bounded.
 */
import type { MiddlewareHandler } from 'astro';
import { apiError, BODY_MESSAGES } from './api';
import { BOUND_MESSAGES, declaresTooLarge, parseBoundedJson, readBoundedBytes } from './bounded-body';

const FORM_BODY_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

function pageRefusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

const FORM_UNREADABLE = 'The form could not be read. Please go back and send it again.';

export const refuseUnreadableActionBodies: MiddlewareHandler = async (context, next) => {
  const { request, url } = context;
  if (request.method === 'GET' || request.method === 'HEAD') return next();
  const isApi = url.pathname.startsWith('/api/') || url.pathname.startsWith('/_actions/');
  if (declaresTooLarge(request))
    return isApi ? apiError(413, BOUND_MESSAGES.tooLarge) : pageRefusal(413, BOUND_MESSAGES.tooLarge);
  if (request.method !== 'POST') return next();
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.toLowerCase();
  if (url.pathname.startsWith('/_actions/')) {
    const read = await readBoundedBytes(request.clone()).catch(() => null);
    if (read === null) return apiError(400, BODY_MESSAGES.notJson);
    if (!read.ok) return apiError(read.status, read.message);
    if (type.split(';')[0]?.trim() === 'application/json') {
      const parsed = parseBoundedJson(new TextDecoder().decode(read.bytes));
      if (!parsed.ok) return apiError(parsed.status, BODY_MESSAGES[parsed.reason]);
    }
  } else if (url.searchParams.has('_action') && FORM_BODY_TYPES.some((form) => type.startsWith(form))) {
    const read = await readBoundedBytes(request.clone()).catch(() => null);
    if (read === null) return pageRefusal(400, FORM_UNREADABLE);
    if (!read.ok) return pageRefusal(read.status, read.message);
    try {
      await new Response(read.bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return pageRefusal(400, FORM_UNREADABLE);
    }
  }
  return next();
};
