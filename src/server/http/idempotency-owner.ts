/**
 * Who owns the Idempotency-Keys a request makes (PAYMENTS.md "Idempotency"): a signed-in customer by
 * id; a guest by a random secret kept in their session, made on first use, so the session cookie is
 * what proves it (only the secret's hash, `guestOwner`, reaches the database).
 */

import { randomBytes } from 'node:crypto';
import type { AstroSession } from 'astro';
import { customerOwner, guestOwner } from '@/server/idempotency';

/** The session key holding a guest's idempotency secret. */
const GUEST_SECRET_KEY = 'idempotencyOwner';

/** The owner of this request's keys; with no session at all, a fresh one no later request can present. */
export async function idempotencyOwner(
  session: Pick<AstroSession, 'get' | 'set'> | undefined,
  customerId: number | null,
): Promise<string> {
  if (customerId !== null) return customerOwner(customerId);
  let secret: unknown = await session?.get(GUEST_SECRET_KEY);
  if (typeof secret !== 'string' || !/^[0-9a-f]{64}$/.test(secret)) {
    secret = randomBytes(32).toString('hex');
    session?.set(GUEST_SECRET_KEY, secret);
  }
  return guestOwner(secret as string);
}
