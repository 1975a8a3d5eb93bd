/** spec 7 email (a marketing sign-up) and its answer. */
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';
import { emailSchema } from './account';
import { text } from './text';

export const EmailSignUpSchema = z.object({
  /** spec 5 / 8: the sign-up says "Invalid Email. Please enter a valid email address" (docs/decisions/060). */
  email: emailSchema(MESSAGES.invalidEmailLong),
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
