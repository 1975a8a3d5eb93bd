/**
 * /account (spec 2 page type `account`; docs/decisions/049): the account home lives at /myaccount, so
 * this answers with a permanent redirect there. A guest never reaches it: the account layout's
 * login guard (the middleware) sends them to sign in first, and back here after.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/myaccount' } });
