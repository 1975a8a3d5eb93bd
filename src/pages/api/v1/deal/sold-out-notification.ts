/**
 * POST /api/v1/deal/sold-out-notification (spec 4, spec 7): "tell me when this deal is back".
 * JSON {dealId, email} from the island answers JSON; a plain form post (no JavaScript) is
 * redirected back to the deal page with the outcome in the query string.
 */
import type { APIRoute } from 'astro';
import { readDealId, SIGNED_UP_MESSAGE, SoldOutNotificationRequestSchema } from '@/contracts/deal-detail';
import { addSoldOutNotification } from '@/server/catalog';
import { getDb } from '@/server/db';
import { apiError, describeIssues, json, readRequestBody } from '@/server/http';

function backToDeal(dealId: number, outcome: 'signed-up' | 'invalid-email'): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: `/deal/${dealId}?notify=${outcome}#sold-out-signup`, 'Cache-Control': 'no-store' },
  });
}

export const POST: APIRoute = async ({ request }) => {
  // An unreadable body (a multipart post without its boundary, broken JSON) is a 400, not a 500.
  const read = await readRequestBody(request);
  if (!read.ok) return read.response;
  const { isForm, value: body } = read;
  if (body === null || typeof body !== 'object') return apiError(400, 'Send JSON {dealId, email}.');
  const parsed = SoldOutNotificationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const rawId = readDealId(String((body as { dealId?: unknown }).dealId ?? ''));
    const emailOnly = parsed.error.issues.every((issue) => issue.path[0] === 'email');
    if (isForm && emailOnly && typeof rawId === 'number') return backToDeal(rawId, 'invalid-email');
    return apiError(400, describeIssues(parsed.error).replace(/^email: /, ''));
  }
  const { dealId, email } = parsed.data;
  const { db } = await getDb();
  const result = await addSoldOutNotification(db, dealId, email);
  if (result.kind === 'unknown-deal') return apiError(404, 'No deal has this id.');
  if (isForm) return backToDeal(dealId, 'signed-up');
  return json(
    { message: SIGNED_UP_MESSAGE, created: result.kind === 'created' },
    { status: result.kind === 'created' ? 201 : 200 },
  );
};
