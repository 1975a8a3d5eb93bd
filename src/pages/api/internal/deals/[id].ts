/**
 * PATCH /api/internal/deals/{id} — an operator changes a deal (headline, status, popularity, option prices);
 * the cached pages that show it are invalidated by tag at once. Needs `Authorization: Bearer
 * $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { OPERATOR_TOKEN } from 'astro:env/server';
import type { APIRoute } from 'astro';
import { DbIdInputSchema } from '../../../../contracts/text';
import { getDb } from '../../../../server/db';
import { apiError, describeIssues, json, readRequestBody } from '../../../../server/http/api';
import { DealPatchSchema, UnknownProduct, updateDeal } from '../../../../server/operator';

export const PATCH: APIRoute = async ({ params, request, cache }) => {
  if (!OPERATOR_TOKEN) return apiError(404, 'Not found');
  if (request.headers.get('authorization') !== `Bearer ${OPERATOR_TOKEN}`)
    return apiError(401, 'Operator token required');
  const parsedId = DbIdInputSchema.safeParse(params.id);
  if (!parsedId.success) return apiError(400, 'The deal id must be a number');
  const id = parsedId.data;
  const read = await readRequestBody(request);
  if (!read.ok) return read.response;
  const body = read.value;
  const patch = DealPatchSchema.safeParse(body);
  if (!patch.success) return apiError(400, describeIssues(patch.error));
  const { db } = await getDb();
  let tags: string[] | null;
  try {
    tags = await updateDeal(db, id, patch.data);
  } catch (error) {
    if (error instanceof UnknownProduct) return apiError(400, error.message);
    throw error;
  }
  if (!tags) return apiError(404, `No deal ${id}`);
  if (cache.enabled) await cache.invalidate({ tags });
  return json({ id, invalidated: tags });
};
