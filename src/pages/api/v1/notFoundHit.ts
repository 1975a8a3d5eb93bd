/**
 * spec 7 notFoundHit: a page the browser found missing (a client-side route, a broken link the
 * page met) is recorded as the server records its own 404s (src/middleware.ts).
 */
import { NotFoundHitSchema } from '@/contracts/log';
import { endpoint, json, recordNotFound } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: NotFoundHitSchema,
  area: 'log',
  handler: ({ input, context }) => {
    recordNotFound(context, input.path);
    return json({ status: 202, message: 'Logged' }, { status: 202 });
  },
});
