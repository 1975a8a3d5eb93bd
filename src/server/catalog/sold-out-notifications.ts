/** spec 4: sold-out deals take a "tell me when it is back" sign-up, one per deal and email. */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';

export type SoldOutSignupResult = { kind: 'created' } | { kind: 'already-signed-up' } | { kind: 'unknown-deal' };

/**
 * Stores a sign-up in one statement. Idempotent: the same deal and email (any letter case)
 * again changes nothing and says so.
 */
export async function addSoldOutNotification(db: Db, dealId: number, email: string): Promise<SoldOutSignupResult> {
  const result = await db.execute<{ deal_found: number | string; created: number | string }>(sql`
    with deal as (select id from deals where id = ${dealId}),
    added as (
      insert into sold_out_notifications (deal_id, email)
      select id, ${email} from deal
      on conflict (deal_id, lower(email)) do nothing
      returning id
    )
    select (select count(*) from deal) as deal_found, (select count(*) from added) as created
  `);
  const row = result.rows[0];
  if (!row || Number(row.deal_found) === 0) return { kind: 'unknown-deal' };
  return Number(row.created) > 0 ? { kind: 'created' } : { kind: 'already-signed-up' };
}
