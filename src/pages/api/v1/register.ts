/**
 * spec 7 POST /register with body requestRegistration. One answer (202, "check your email") whether
 * or not the email has an account, so it tells a stranger nothing; the email says what happens next,
 * to its owner (decision 017).
 */
import { RegisterSchema } from '@/contracts/account';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import { registerUser } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { flushOutbox, publicOrigin } from '@/server/runtime';

export const POST = endpoint({
  who: 'anyone',
  input: RegisterSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input }) => {
    const { db } = await getDb();
    await registerUser(db, input, publicOrigin());
    await flushOutbox();
    return json({ message: ACCOUNT_COPY.registerCheckEmail, status: 202 }, { status: 202 });
  },
});
