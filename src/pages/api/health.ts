/**
 * GET /api/health — the load balancer's check (decision 031): 200 with this process's id when the
 * process can reach its database, 503 when it cannot (the balancer then sends no one to it). Never
 * cached. The process id tells an operator (and the scale-out test) which process answered.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { PROCESS_ID } from '@/server/jobs';

export const GET = endpoint({
  who: 'anyone',
  area: 'health',
  unexpected: 'The database cannot be reached',
  handler: async () => {
    const { db } = await getDb();
    await db.execute(sql`select 1`);
    return { status: 'ok', process: PROCESS_ID };
  },
});
