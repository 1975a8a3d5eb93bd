/**
 * Idempotent submits (PAYMENTS.md "Idempotency", as Stripe and Adyen promise it): the first
 * response to a key, errors included, is stored and replayed; the same key with a different body
 * is refused with 422; a repeat while the first is still running gets 409, never a second charge.
 * A key left in flight by a process that died is taken over after `STALE_AFTER_SECONDS`.
 * A key belongs to whoever made it (issue 14.2): anyone else sending it, with any body, gets the
 * same refusal as a different body (`mismatch`), never the first answer.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AstroSession } from 'astro';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { idempotencyKeys } from './schema';

/** PAYMENTS.md: up to 255 characters. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** A first request still "in flight" after this long belongs to a process that died. */
export const STALE_AFTER_SECONDS = 120;
/** PAYMENTS.md: stored for at least 24 hours; the job purges after a week. */
export const KEEP_DAYS = 7;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type IdempotentOutcome =
  | ({ kind: 'fresh' } & StoredResponse)
  | ({ kind: 'replayed' } & StoredResponse)
  | { kind: 'inFlight' }
  | { kind: 'mismatch' };

/** Whether a client-sent key is usable: 1 to 255 visible ASCII characters. */
export function isValidIdempotencyKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e]+$/.test(key);
}

/** The session key holding a guest's idempotency secret (only its hash reaches the database). */
const GUEST_SECRET_KEY = 'idempotencyOwner';

/** The owner of a signed-in customer's keys. */
export const customerOwner = (customerId: number): string => `customer:${customerId}`;

/**
 * Who owns the keys this request makes (issue 14.2): a signed-in customer by id; a guest by the hash
 * of a random secret kept in their session (made on first use, so the session cookie is what proves it).
 */
export async function idempotencyOwner(
  session: Pick<AstroSession, 'get' | 'set'> | undefined,
  customerId: number | null,
): Promise<string> {
  if (customerId !== null) return customerOwner(customerId);
  // No session at all: a fresh secret no later request can present.
  let secret: unknown = await session?.get(GUEST_SECRET_KEY);
  if (typeof secret !== 'string' || !/^[0-9a-f]{64}$/.test(secret)) {
    secret = randomBytes(32).toString('hex');
    session?.set(GUEST_SECRET_KEY, secret);
  }
  return `guest:${createHash('sha256')
    .update(secret as string)
    .digest('hex')}`;
}

/** A stable fingerprint of a request body (keys sorted, so field order never matters). */
export function fingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v as Record<string, unknown>)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/**
 * Runs `work` once per key. `work` returns the response to store; if it throws, the key is released
 * so a retry can run (an unexpected failure is not an answer worth replaying). `owner` (from
 * `idempotencyOwner`) is the only caller the key replays for.
 */
export async function runIdempotently(
  db: Db,
  request: { key: string; scope: string; owner: string; body: unknown },
  work: () => Promise<StoredResponse>,
): Promise<IdempotentOutcome> {
  const requestHash = fingerprint(request.body);
  const claimed = await claim(db, { key: request.key, scope: request.scope, owner: request.owner, requestHash });
  if (claimed === 'claimed') {
    let response: StoredResponse;
    try {
      response = await work();
    } catch (error) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, request.key));
      throw error;
    }
    await db
      .update(idempotencyKeys)
      .set({ state: 'done', responseStatus: response.status, responseBody: response.body, updatedAt: sql`now()` })
      .where(eq(idempotencyKeys.key, request.key));
    return { kind: 'fresh', ...response };
  }
  return claimed;
}

interface Claim {
  key: string;
  scope: string;
  owner: string;
  requestHash: string;
}

async function claim(db: Db, request: Claim): Promise<'claimed' | Exclude<IdempotentOutcome, { kind: 'fresh' }>> {
  const { key, scope, owner, requestHash } = request;
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ key, scope, owner, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return 'claimed';

  const [existing] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  // Released between our insert and read (the first attempt threw): try once more.
  if (existing === undefined) return claim(db, request);
  // Someone else's key (issue 14.2) is refused as a different body is: no answer, no order, no takeover.
  if (existing.owner !== owner) return { kind: 'mismatch' };
  if (existing.requestHash !== requestHash || existing.scope !== scope) return { kind: 'mismatch' };
  if (existing.state === 'done') {
    return { kind: 'replayed', status: existing.responseStatus ?? 200, body: existing.responseBody };
  }
  // In flight: take it over only if its process has evidently died.
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.state, 'in_flight'),
        lt(idempotencyKeys.updatedAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return takenOver.length > 0 ? 'claimed' : { kind: 'inFlight' };
}

/** Forgets keys older than KEEP_DAYS (run by the jobs). */
export async function purgeIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${KEEP_DAYS})`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
