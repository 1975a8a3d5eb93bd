/**
 * POST /api/v1/deal/sold-out-notification (spec 4, spec 7): "tell me when this deal is back".
 * JSON {dealId, email} from the island answers JSON; a plain form post (no JavaScript) is
 * redirected back to the deal page with the outcome in the query string.
 */
import type { APIRoute } from 'astro';
import { readDealId, SIGNED_UP_MESSAGE, SoldOutNotificationRequestSchema } from '../../../../contracts/deal-detail';
import { addSoldOutNotification } from '../../../../server/catalog';
import { getDb } from '../../../../server/db';
import { apiError, describeIssues, json } from '../../../../server/http/api';

async function readBody(request: Request): Promise<{ isForm: boolean; body: unknown }> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await request.formData();
    return { isForm: true, body: { dealId: form.get('dealId') ?? undefined, email: form.get('email') ?? undefined } };
  }
  try {
    return { isForm: false, body: await request.json() };
  } catch (error) {
    if (error instanceof SyntaxError) return { isForm: false, body: null };
    throw error;
  }
}

function backToDeal(dealId: number, outcome: 'signed-up' | 'invalid-email'): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: `/deal/${dealId}?notify=${outcome}#sold-out-signup`, 'Cache-Control': 'no-store' },
  });
}

export const POST: APIRoute = async ({ request }) => {
  const { isForm, body } = await readBody(request);
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
