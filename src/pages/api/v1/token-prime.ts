/**
 * spec 7 POST token-prime, no body, before login: makes sure a session (and its HttpOnly cookie)
 * exists, so the login that follows regenerates a known session id.
 */
import { endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  area: 'accounts',
  handler: ({ context }) => {
    context.session?.set('primed', true);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  },
});
