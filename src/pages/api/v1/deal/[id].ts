/** GET /api/v1/deal/{id} (spec 7 public "deal"): one deal as the DealDetail contract. */
import type { APIRoute } from 'astro';
import { readDealId } from '@/contracts/deal-detail';
import { CACHE_AGE_SECONDS } from '@/server/cache';
import { retrieveDeal } from '@/server/catalog';
import { getDb } from '@/server/db';
import { apiError, json } from '@/server/http';

export const GET: APIRoute = async ({ params }) => {
  const id = readDealId(params.id);
  if (id === 'invalid') return apiError(400, 'The deal id must be a number.');
  if (id === 'unknown') return apiError(404, 'No deal has this id.');
  const { db } = await getDb();
  const deal = await retrieveDeal(db, id);
  if (!deal) return apiError(404, 'No deal has this id.');
  return json(deal, { cacheSeconds: CACHE_AGE_SECONDS });
};
