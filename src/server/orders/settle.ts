/**
 * Step 4 of an order (docs/decisions/012): settle the authorisation. Captured once the order
 * exists; voided when the order transaction failed. A provider that is away leaves the payment for
 * the hourly jobs (capture retry, authorisation sweep), never the shopper without an answer.
 */
import { eq, sql } from 'drizzle-orm';
import { builtOnce, type Db, type DbOrTx, UNNAMED } from '@/server/db';
import { logError } from '@/server/log';
import type { PaymentProvider } from '@/server/payments';
import { payments } from './schema';

/** The captured payment's mark, built once per connection (docs/decisions/078, 080): every card order sends it. */
const MARK_SETTLED = builtOnce((db: DbOrTx) =>
  db
    .update(payments)
    .set({ status: 'settled', updatedAt: sql`now()` })
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare(UNNAMED),
);

/** Captures an authorisation whose order committed; a failure stays `authorised` with its order, for the retry. */
export async function capturePayment(
  db: Db,
  provider: PaymentProvider,
  authorisation: { paymentId: number; transactionId: string },
  idempotencyKey: string,
): Promise<void> {
  try {
    await provider.capture(authorisation.transactionId, `${idempotencyKey}:capture`);
    await MARK_SETTLED(db).execute({ id: authorisation.paymentId });
  } catch (error) {
    logError('orders', 'capture failed, left for retry', error);
  }
}

/** Voids an authorisation whose order was not written; a failure is left for the sweep. */
export async function voidPayment(
  db: Db,
  provider: PaymentProvider,
  authorisation: { paymentId: number; transactionId: string },
  idempotencyKey: string,
): Promise<void> {
  try {
    await provider.void(authorisation.transactionId, `${idempotencyKey}:void`);
    await db
      .update(payments)
      .set({ status: 'voided', updatedAt: sql`now()` })
      .where(eq(payments.id, authorisation.paymentId));
  } catch (error) {
    logError('orders', 'void failed, left for the sweep', error);
  }
}
