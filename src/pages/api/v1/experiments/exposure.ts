/**
 * POST /api/v1/experiments/exposure {experiment, path} (spec 4 test variants; docs/decisions/058):
 * a shared, cached page or an island says a variant has just decided what the visitor sees. The
 * variant is the visitor's own cookie's; the exposure is kept once per browser session and
 * experiment, and only with analytics consent. Answers {recorded: 1} the first time, else 0.
 */
import { ExposureRequestSchema } from '@/contracts/experiments';
import { getDb } from '@/server/db';
import { endpoint, exposeVariant } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: ExposureRequestSchema,
  area: 'experiments',
  handler: async ({ input, context }) => {
    const { db } = await getDb();
    return exposeVariant(context, db, input.experiment, input.path);
  },
});
