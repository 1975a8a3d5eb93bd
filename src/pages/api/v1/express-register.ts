/**
 * spec 7 POST /express-register (guest checkout): an account by email only, or the existing one.
 * One answer (202) whether or not the email has an account, so it tells a stranger
 * nothing; nobody is signed in by an email, and the pay call asks for a sign-in where one is needed (decision 017).
 */
import { ExpressRegisterSchema } from '@/contracts/account';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import { expressRegisterUser } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: ExpressRegisterSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input }) => {
    const { db } = await getDb();
    await expressRegisterUser(db, input.email);
    return json({ message: ACCOUNT_COPY.expressRegistered, status: 202 }, { status: 202 });
  },
});
