/**
 * POST /api/internal/shipments/{id}/backdate {"days": 1..30} — demonstrations and end-to-end tests
 * only (docs/decisions/051): moves a parcel's order day and promise back, so the 30-day promise's late
 * parcel (Consumer Rights Act 2015 s28) can be shown without waiting. Exists only where the dev tools
 * are on (outside production builds, or DEV_MAILBOX, as the dev mailbox) and with the operator's
 * bearer token; elsewhere it is a 404.
 */
import { z } from 'zod';
import { NotFound } from '@/domain/errors';
import { getDb } from '@/server/db';
import { backdateShipment } from '@/server/fulfilment';
import { endpoint } from '@/server/http';
import { isDevMailboxOn } from '@/server/runtime';

export const prerender = false;

export const POST = endpoint({
  who: 'operator',
  input: z.object({ days: z.number().int().min(1).max(30) }),
  id: 'The shipment id must be a number.',
  area: 'operator',
  handler: async ({ input, id }) => {
    if (!isDevMailboxOn()) throw new NotFound('Not found');
    const { db } = await getDb();
    return backdateShipment(db, { shipmentId: id, days: input.days });
  },
});
