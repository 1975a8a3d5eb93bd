/**
 * POST /api/internal/merchants/{id}/closure/refunds (docs/decisions/045): runs the closed merchant's
 * refund job now instead of waiting for the hourly jobs, then sends the shoppers' emails. Safe to
 * call again: each voucher is refunded once. Answers the run and the closure's report; 409 while
 * another process holds the job. Needs `Authorization: Bearer $OPERATOR_TOKEN`.
 */
import { Conflict, NotFound } from '@/domain/errors';
import { CLOSURE_MESSAGES } from '@/domain/merchant-closure';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { releaseLease, takeLease } from '@/server/jobs';
import { CLOSURE_LEASE, CLOSURE_LEASE_MS, refundClosedMerchants, retrieveClosureReport } from '@/server/merchants';
import { paymentProviders } from '@/server/payments';
import { flushOutbox } from '@/server/runtime';

export const POST = endpoint({
  who: 'operator',
  area: 'merchants',
  id: 'The merchant id must be a number',
  handler: async ({ id }) => {
    const { db } = await getDb();
    if ((await retrieveClosureReport(db, id)) === null) throw new NotFound(CLOSURE_MESSAGES.notClosed);
    const now = new Date();
    const runs = await refundClosedMerchants(db, paymentProviders(), {
      now,
      merchantId: id,
      lease: (name) => takeLease(db, name, CLOSURE_LEASE_MS, now),
    }).finally(() => releaseLease(db, CLOSURE_LEASE));
    if (runs.length === 0)
      throw new Conflict('The refund job is running in another process; try again in a few minutes.');
    await flushOutbox();
    return { run: runs[0], report: await retrieveClosureReport(db, id) };
  },
});
