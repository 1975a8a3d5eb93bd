/**
 * spec 7 /user: GET (query origin) returns the profile (email, vipUser, customerToken, names) of the
 * signed-in user for the header island; PUT with body user updates names and email.
 */
import { ProfileSchema } from '@/contracts/account';
import { toProfile, updateProfile } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

export const GET = endpoint({ who: 'customer', area: 'accounts', handler: ({ user }) => toProfile(user) });

export const PUT = endpoint({
  who: 'customer',
  input: ProfileSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    return toProfile(await updateProfile(db, user.id, input));
  },
});
