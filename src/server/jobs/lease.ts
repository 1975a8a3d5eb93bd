/**
 * One run of a job across every process (docs/decisions/031). `takeLease` is one statement, so two
 * processes asking at the same moment cannot both win: the insert takes a free name, the update
 * takes a lease that has run out (or renews the caller's own), and anyone else gets nothing back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';

/** This process, as a lease holder. */
export const PROCESS_ID = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Takes `name` for `ms` milliseconds from `now`; true when this holder has it. */
export async function takeLease(db: Db, name: string, ms: number, now: Date, holder = PROCESS_ID): Promise<boolean> {
  const until = new Date(now.getTime() + ms);
  const result = await db.execute<{ holder: string }>(sql`
    insert into job_leases (name, holder, lease_until)
    values (${name}, ${holder}, ${until.toISOString()})
    on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
    where job_leases.lease_until <= ${now.toISOString()} or job_leases.holder = excluded.holder
    returning holder`);
  return result.rows.length > 0;
}

/** Gives back `name` when this holder has it (a run that finished early frees it for another process). */
export async function releaseLease(db: Db, name: string, holder = PROCESS_ID): Promise<void> {
  await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
}
