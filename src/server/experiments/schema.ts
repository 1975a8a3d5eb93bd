/**
 * spec 4 test variants: who saw which variant (docs/decisions/058). One row per browser session and
 * experiment, written the first time the variant decides what that visitor sees, and only with the
 * visitor's analytics consent. Nothing personal: an opaque per-session id, never an account.
 */
import { pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const experimentExposures = pgTable(
  'experiment_exposures',
  {
    id: serial('id').primaryKey(),
    /** The experiment's name in src/domain/experiments.ts (search, autocomplete, dynamicPrice, ...). */
    experiment: text('experiment').notNull(),
    variant: text('variant').notNull(),
    /** The page's path without its query, where the variant first showed. */
    path: text('path').notNull(),
    /** The browser session's random id (the exposure_session cookie), never a shopper's identity. */
    sessionId: text('session_id').notNull(),
    exposedAt: timestamp('exposed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Once per session per experiment, however many pages show it.
  (t) => [uniqueIndex('experiment_exposures_session_key').on(t.sessionId, t.experiment)],
);

export type ExperimentExposureRow = typeof experimentExposures.$inferSelect;
