/**
 * Known devices (docs/decisions/017): every sign-in leaves an HttpOnly cookie with a random token
 * for that account (only its SHA-256 is stored, in account_tokens as purpose 'device', for a year).
 * A sign-in attempt carrying a token of the account it is for is from a known device: it has its
 * own throttling pair and is not held by the account-wide or IP-wide limits, so a stranger guessing
 * an owner's password cannot keep the owner out of their usual browser.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { accountTokens } from './schema';
import { hashToken, newToken } from './secrets';

export const DEVICE_COOKIE = 'tp_device';
export const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** A browser remembers this many accounts (a shared family computer). */
const TOKENS_PER_DEVICE = 3;

/** The tokens in a device cookie (garbage gives none). */
export function deviceTokens(cookie: string | undefined): string[] {
  if (!cookie) return [];
  return cookie
    .split('.')
    .filter((token) => /^[\w-]{20,100}$/.test(token))
    .slice(0, TOKENS_PER_DEVICE);
}

/** The id of this browser's device token for this account (a throttle key), or null. */
export async function knownDeviceId(
  db: Db,
  userId: number,
  cookie: string | undefined,
  now = new Date(),
): Promise<string | null> {
  const tokens = deviceTokens(cookie);
  if (tokens.length === 0) return null;
  const [row] = await db
    .select({ id: accountTokens.id })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'device'),
        inArray(accountTokens.tokenHash, tokens.map(hashToken)),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row === undefined ? null : String(row.id);
}

/** After a sign-in: the device cookie value to set (this account's token first), or null to keep it. */
export async function rememberDevice(
  db: Db,
  userId: number,
  cookie: string | undefined,
  now = new Date(),
): Promise<string | null> {
  if ((await knownDeviceId(db, userId, cookie, now)) !== null) return null;
  const token = newToken();
  await db.insert(accountTokens).values({
    userId,
    purpose: 'device',
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + DEVICE_LIFETIME_SECONDS * 1000),
  });
  return [token, ...deviceTokens(cookie)].slice(0, TOKENS_PER_DEVICE).join('.');
}
