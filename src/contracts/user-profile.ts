/**
 * The profile the header's user island reads from GET /api/v1/user. Written with zod/mini so
 * every page ships a few kB of validation instead of all of zod; the server's own schema is
 * UserProfileSchema in ./account.ts, and a test keeps the two in step.
 */
import * as z from 'zod/mini';

export const UserProfileReadSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  vipUser: z.boolean(),
  customerToken: z.string(),
});
export type UserProfileRead = z.output<typeof UserProfileReadSchema>;
