/**
 * spec 4 test variants: what the browser says when a variant has shaped what the visitor sees
 * (POST /api/v1/experiments/exposure, docs/decisions/058). Only the experiment and the page: the
 * variant is read from the visitor's own cookie on the server, never taken from the body.
 */
import { z } from 'zod';
import { EXPERIMENT_NAMES, type ExperimentName } from '@/domain/experiments';

export const ExposureRequestSchema = z.object({
  experiment: z.enum(EXPERIMENT_NAMES as [ExperimentName, ...ExperimentName[]], {
    error: 'Name one of the shop’s experiments',
  }),
  /** The page's path ('/search'); its query is dropped. */
  path: z.string().trim().min(1).max(500).startsWith('/', 'Give the page’s path, starting with /'),
});

export const ExposureResponseSchema = z.object({
  /** 1 the first time in this session, 0 after (or without analytics consent, or no variant yet). */
  recorded: z.number().int().min(0).max(1),
});

export type ExposureRequest = z.output<typeof ExposureRequestSchema>;
export type ExposureResponse = z.output<typeof ExposureResponseSchema>;
