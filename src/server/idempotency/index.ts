/**
 * Idempotent submits (PAYMENTS.md "Idempotency", as Stripe and Adyen promise it): the first result
 * of a paying call under a key, refusals included, is stored and handed back for every repeat; the
 * same key with a different body is a `mismatch`; a repeat while the first is still running is
 * `inFlight`, never a second charge. A key left in flight by a process that died is taken over after
 * `STALE_AFTER_SECONDS`. A key belongs to whoever made it: anyone else sending it, with any body, gets
 * the same `mismatch` as a different body, never the first result.
 * What is stored is the service's result, not an HTTP answer: the web layer words and numbers a
 * replay exactly as it did the first time (docs/decisions/038-one-http-edge.md).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { idempotencyKeys } from './schema';

/** PAYMENTS.md: up to 255 characters. */
export const IDEMPOTENCY_KEY_MAX = 255;
/** A first request still "in flight" after this long belongs to a process that died. */
export const STALE_AFTER_SECONDS = 120;
/** PAYMENTS.md: stored for at least 24 hours; the job purges after a week. */
export const KEEP_DAYS = 7;

/** What a run under a key came to: this call's own result, the first call's, or why there is none. */
export type IdempotentOutcome<T> =
  | { kind: 'fresh'; result: T }
  | { kind: 'replayed'; result: T }
  | { kind: 'inFlight' }
  | { kind: 'mismatch' };

/** Whether a client-sent key is usable: 1 to 255 visible ASCII characters. */
export function isValidIdempotencyKey(key: string | null | undefined): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e]+$/.test(key);
}

/** The owner of a signed-in customer's keys. */
export const customerOwner = (customerId: number): string => `customer:${customerId}`;

/** The owner of a guest's keys: the hash of a secret only their session holds (the secret never reaches the database). */
export const guestOwner = (secret: string): string => `guest:${createHash('sha256').update(secret).digest('hex')}`;

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
 * Runs `work` once per key. `work` returns the result to store (plain JSON); if it throws, the key is
 * released so a retry can run (an unexpected failure is not an answer worth replaying). `owner`
 * (`customerOwner` or `guestOwner`) is the only caller the key replays for.
 */
export async function runIdempotently<T>(
  db: Db,
  request: { key: string; scope: string; owner: string; body: unknown },
  work: () => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const requestHash = fingerprint(request.body);
  const claimed = await claim(db, { key: request.key, scope: request.scope, owner: request.owner, requestHash });
  if (claimed === 'claimed') {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, request.key));
      throw error;
    }
    await db
      .update(idempotencyKeys)
      .set({ state: 'done', result, updatedAt: sql`now()` })
      .where(eq(idempotencyKeys.key, request.key));
    return { kind: 'fresh', result };
  }
  return claimed.kind === 'replayed' ? { kind: 'replayed', result: claimed.result as T } : claimed;
}

interface Claim {
  key: string;
  scope: string;
  owner: string;
  requestHash: string;
}

async function claim(
  db: Db,
  request: Claim,
): Promise<'claimed' | Exclude<IdempotentOutcome<unknown>, { kind: 'fresh' }>> {
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
  // Someone else's key is refused as a different body is: no answer, no order, no takeover.
  if (existing.owner !== owner) return { kind: 'mismatch' };
  if (existing.requestHash !== requestHash || existing.scope !== scope) return { kind: 'mismatch' };
  if (existing.state === 'done') {
    return { kind: 'replayed', result: existing.result };
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
