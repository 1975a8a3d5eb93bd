/** spec 7 /logout (PUT to the session endpoint; POST also accepted): the session ends in the store. */

import { endpoint, signOut } from '@/server/http';

const logout = endpoint({
  who: 'anyone',
  area: 'accounts',
  handler: ({ context }) => {
    signOut(context);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  },
});

export const PUT = logout;
export const POST = logout;
