/**
 * The experiments service (spec 4 test variants; docs/decisions/058): records that a visitor was
 * exposed to a variant, once per browser session and experiment. The caller has read the variant
 * from the visitor's cookie and checked their analytics consent.
 */
import { and, asc, eq } from 'drizzle-orm';
import { pagePathOf } from '@/domain/analytics';
import type { ExperimentName } from '@/domain/experiments';
import type { Db } from '@/server/db';
import { type ExperimentExposureRow, experimentExposures } from './schema';

export { type ExperimentExposureRow, experimentExposures } from './schema';

export interface Exposure {
  experiment: ExperimentName;
  variant: string;
  /** Where it showed; any query string is dropped. */
  path: string;
  sessionId: string;
  at?: Date;
}

/** Writes the exposure unless this session was exposed to the experiment already (then 0). */
export async function recordExposure(db: Db, exposure: Exposure): Promise<{ recorded: 0 | 1 }> {
  const written = await db
    .insert(experimentExposures)
    .values({
      experiment: exposure.experiment,
      variant: exposure.variant,
      path: pagePathOf(exposure.path),
      sessionId: exposure.sessionId,
      ...(exposure.at ? { exposedAt: exposure.at } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: experimentExposures.id });
  return { recorded: written.length > 0 ? 1 : 0 };
}

/** A session's exposures, oldest first (analysis and tests). */
export async function listExposures(
  db: Db,
  filter: { sessionId?: string; experiment?: ExperimentName } = {},
): Promise<ExperimentExposureRow[]> {
  const conditions = [
    ...(filter.sessionId ? [eq(experimentExposures.sessionId, filter.sessionId)] : []),
    ...(filter.experiment ? [eq(experimentExposures.experiment, filter.experiment)] : []),
  ];
  return db
    .select()
    .from(experimentExposures)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(experimentExposures.id));
}
