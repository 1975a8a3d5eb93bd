/**
 * POST /api/internal/subscriptions/reminders {"now"?: ISO moment} (decision 047): runs the VIP
 * renewal-reminder job once, as the hourly jobs do, with the clock it is given (default: now), like
 * `npm run jobs:hourly -- --now`. Each renewal is still announced once: a reminder already sent is
 * not sent again. Answers how many were queued, once the outbox has sent them. Bearer
 * operator token; without a configured token the endpoint does not exist (404).
 */
import { z } from 'zod';
import { serverConfig } from '@/server/config';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { flushOutbox } from '@/server/runtime';
import { sendRenewalReminders } from '@/server/subscriptions';

export const POST = endpoint({
  who: 'operator',
  input: z.object({ now: z.iso.datetime({ offset: true }).optional() }),
  area: 'operator',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const now = input.now === undefined ? new Date() : new Date(input.now);
    const queued = await sendRenewalReminders(db, { now, origin: serverConfig().publicOrigin });
    if (queued > 0) await flushOutbox();
    return { queued, now: now.toISOString() };
  },
});
