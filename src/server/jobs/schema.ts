/**
 * Job leases (docs/decisions/031): with several server processes on one database, each scheduled
 * job runs in one of them at a time. A process takes a job's lease for a while; another process
 * finds it held and skips that run.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  /** Who holds it: a process's random id. */
  holder: text('holder').notNull(),
  leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
});
