/**
 * Authorisations without an order (the process died between authorising and committing, or a
 * void failed) are voided here, so a shopper is never left with money held for nothing.
 */
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { logError } from '@/server/log';
import type { PaymentProvider } from '@/server/payments';
import { payments } from './schema';

/** How long an authorisation may wait for its order before it counts as abandoned. */
export const ABANDONED_AFTER_SECONDS = 600;

/** A provider's sale statuses that hold the shopper's money. */
const HOLDING = ['authorized', 'submitted_for_settlement'];

/** Voids abandoned authorisations; returns how many were released. */
export async function voidAbandonedAuthorisations(
  db: Db,
  provider: PaymentProvider,
  olderThanSeconds = ABANDONED_AFTER_SECONDS,
): Promise<number> {
  const abandoned = await db
    .select({ id: payments.id, transactionId: payments.transactionId, key: payments.idempotencyKey })
    .from(payments)
    .where(
      and(
        inArray(payments.status, ['authorising', 'authorised']),
        isNull(payments.orderId),
        eq(payments.provider, provider.type),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    );
  let released = 0;
  for (const payment of abandoned) {
    try {
      // docs/decisions/026: an `authorising` row (the process died while the provider was asked)
      // may or may not have reached the provider: ask it for the sale made under the key, as
      // Braintree's search by order id does, and void that sale. None there: nothing was ever held,
      // the attempt failed.
      let transactionId = payment.transactionId;
      if (transactionId === null && provider.findSale !== undefined) {
        const found = await provider.findSale(payment.key);
        if (found === null || !HOLDING.includes(found.status)) {
          // Never reached the provider, or refused there: nothing is held.
          await db
            .update(payments)
            .set({
              status: 'failed',
              responseCode: found?.status ?? 'never_reached',
              transactionId: found?.transactionId ?? null,
              updatedAt: sql`now()`,
            })
            .where(eq(payments.id, payment.id));
          continue;
        }
        transactionId = found.transactionId;
        await db.update(payments).set({ transactionId }).where(eq(payments.id, payment.id));
      }
      if (transactionId !== null) await provider.void(transactionId, `${payment.key}:void`);
      await db.update(payments).set({ status: 'voided', updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      released += 1;
    } catch (error) {
      logError(`orders`, `could not void payment ${payment.id}`, error);
    }
  }
  return released;
}

/**
 * Captures authorisations whose order committed but whose capture failed (the provider was
 * unreachable just then): the order stands, so the money is taken when the provider answers.
 */
export async function captureCommittedAuthorisations(
  db: Db,
  provider: PaymentProvider,
  olderThanSeconds = 60,
): Promise<number> {
  const pending = await db
    .select({ id: payments.id, transactionId: payments.transactionId, key: payments.idempotencyKey })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'authorised'),
        isNotNull(payments.orderId),
        isNotNull(payments.transactionId),
        eq(payments.provider, provider.type),
        lt(payments.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    );
  let captured = 0;
  for (const payment of pending) {
    if (payment.transactionId === null) continue;
    try {
      await provider.capture(payment.transactionId, `${payment.key}:capture`);
      await db.update(payments).set({ status: 'settled', updatedAt: sql`now()` }).where(eq(payments.id, payment.id));
      captured += 1;
    } catch (error) {
      logError(`orders`, `capture of payment ${payment.id} failed again`, error);
    }
  }
  return captured;
}
