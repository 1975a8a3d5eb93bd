/** spec 7 log (the error log payload) and notFoundHit. Free text is bounded; the server redacts it. */
import { z } from 'zod';
import { text } from './text';

const field = (max: number) => text().max(max).optional();

export const ErrorLogSchema = z.object({
  client: z.boolean().optional(),
  server: z.boolean().optional(),
  description: field(1000),
  error: field(1000),
  message: field(1000),
  name: field(200),
  referrer: field(500),
  userAgent: field(400),
});
export type ErrorLog = z.infer<typeof ErrorLogSchema>;

export const NotFoundHitSchema = z.object({
  path: text().min(1).max(500),
  referrer: field(500),
});
