/**
 * /sandbox/gateway/*: the sandbox gateway's server-to-server API (issue 16.5), the one the shop's
 * payment providers call over HTTP (src/server/payments). Not for browsers: every call needs the
 * server key. See ../../gateway.ts.
 */
import type { APIRoute } from 'astro';
import { createGatewayHandler } from '@/sandbox/gateway';
import { getDb } from '@/server/db';

export const prerender = false;

export const ALL: APIRoute = ({ request }) => createGatewayHandler({ db: async () => (await getDb()).db })(request);
