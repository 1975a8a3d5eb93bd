/**
 * spec 7 email: a marketing sign-up (the email-capture lightbox). The same 202 answer whether the
 * address is new, pending or already subscribed (no address is revealed); a new or pending one gets
 * the double opt-in mail (spec 7 email/verify) through the outbox.
 */
import { type EmailSignUpAnswer, EmailSignUpSchema } from '@/contracts/email';
import { PREFERENCES_COPY } from '@/domain/email-preferences';
import { getDb } from '@/server/db';
import { signUp } from '@/server/email-subscribers';
import { endpoint, json } from '@/server/http';
import { flushOutbox, publicOrigin } from '@/server/runtime';

export const POST = endpoint({
  who: 'anyone',
  input: EmailSignUpSchema,
  invalid: 'firstField',
  area: 'email',
  handler: async ({ input }) => {
    const { db } = await getDb();
    await signUp(db, { email: input.email, source: input.source || 'lightbox', origin: publicOrigin() });
    await flushOutbox();
    const answer: EmailSignUpAnswer = { status: 202, message: PREFERENCES_COPY.signUpThanks };
    return json(answer, { status: 202 });
  },
});
