/**
 * spec 7 POST /v1/login: body loginRequest { j_username, j_password } (or email/password), query
 * remember-me. On success the spec 4 login flow runs and the customer token is in the response data.
 */

import { z } from 'zod';
import { LoginSchema } from '@/contracts/account';
import { authenticateUser, DEVICE_COOKIE, toProfile } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, signIn } from '@/server/http';
import { loginThrottle } from '@/server/runtime';

/** The wire's loginRequest names, mapped onto the shared login contract. */
const LoginRequestSchema = z
  .object({
    j_username: z.string().optional(),
    j_password: z.string().optional(),
    email: z.string().optional(),
    password: z.string().optional(),
  })
  .transform((body) => ({ email: body.j_username ?? body.email, password: body.j_password ?? body.password }))
  .pipe(LoginSchema.omit({ rememberMe: true }));

export const POST = endpoint({
  who: 'anyone',
  input: LoginRequestSchema,
  invalid: 'firstField',
  area: 'accounts',
  handler: async ({ input, context }) => {
    const rememberMe = ['true', '1', 'on'].includes(context.url.searchParams.get('remember-me') ?? '');
    const { db } = await getDb();
    const user = await authenticateUser(db, loginThrottle(), {
      ...input,
      ip: context.clientAddress,
      deviceCookie: context.cookies.get(DEVICE_COOKIE)?.value,
    });
    await signIn(context, user, { rememberMe });
    return { data: { customerToken: user.customerToken }, user: toProfile(user) };
  },
});
