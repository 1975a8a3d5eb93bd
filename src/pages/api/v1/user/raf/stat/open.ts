/**
 * spec 7 user/raf/stat/open: someone opened a refer-a-friend link (`?raf=CODE`). Records the open
 * and keeps the code in the referral cookie (spec 9: 30 days) until the friend signs in or buys,
 * when they are attached to the referrer (never to themselves). An unknown code records nothing.
 */
import { z } from 'zod';
import { cookieMaxAgeSeconds, IDENTITY_COOKIES, isSecureCookieContext } from '@/domain/cookies';
import { recordReferralEvent } from '@/server/credit';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';

const OpenSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{8}$/),
  channel: z.string().trim().max(40).default('link'),
});

export const POST = endpoint({
  who: 'anyone',
  input: OpenSchema,
  area: 'referral',
  handler: async ({ input, context: { cookies, url } }) => {
    const { db } = await getDb();
    const known = await recordReferralEvent(db, { kind: 'open', channel: input.channel || 'link', code: input.code });
    if (known) {
      cookies.set(IDENTITY_COOKIES.referralCode, input.code, {
        path: '/',
        maxAge: cookieMaxAgeSeconds('referralCode'),
        sameSite: 'lax',
        secure: isSecureCookieContext(url),
        httpOnly: true,
      });
    }
    return { recorded: known };
  },
});
