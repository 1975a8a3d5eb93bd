/**
 * /extend-voucher and every other first segment that starts with "extend" (spec 2 page type
 * extendLanding: src/domain/page-type.ts gives them all that type; docs/decisions/052): one landing
 * lives at /extend, so these answer with a permanent redirect there.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/extend' } });
