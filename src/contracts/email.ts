/** spec 7 email (a marketing sign-up) and its answer. */
import { z } from 'zod';
import { EmailSchema } from './account';
import { text } from './text';

export const EmailSignUpSchema = z.object({
  email: EmailSchema,
  /** Where the sign-up came from (lightbox by default). */
  source: text()
    .trim()
    .max(40)
    .regex(/^[a-z-]*$/)
    .optional(),
});
export type EmailSignUp = z.infer<typeof EmailSignUpSchema>;

export interface EmailSignUpAnswer {
  status: 202;
  message: string;
}
