/**
 * The pay-later sandboxes' sales (PAYMENTS.md): a sale authorises the approved amount against a
 * session's token and consumes it, once; capture and void move the sale. Each is a
 * sandbox_transactions row of its provider, and every sale answer is stored under its
 * idempotency key and replayed for it. Shared by ./klarna.ts and ./clearpay.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type {
  PayLaterRejection,
  PayLaterSaleAnswer,
  PayLaterSaleWireRequest,
  PayLaterSettlementAnswer,
  RefundAnswer,
} from '@/contracts/payment-gateway';
import type { Db } from '@/server/db';
import { overNetwork } from './network';
import type { PayLaterProvider } from './pay-later-config';
import type { PayLaterGatewayOptions } from './pay-later-sessions';
import { sandboxSessions, sandboxTransactions } from './schema';
import { refundTransaction } from './transactions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type {
  PayLaterRejection,
  PayLaterSaleAnswer,
  PayLaterSettlementAnswer,
} from '@/contracts/payment-gateway';

/** A sale against an approval's token (Klarna's "create order", Clearpay's "auth"). */
export type PayLaterSaleRequest = PayLaterSaleWireRequest;

const REJECTION_TEXT: Readonly<Record<PayLaterRejection, string>> = {
  unknown_token: 'No approved purchase has this token.',
  token_used: 'This token has already been used for an order.',
  not_approved: 'The shopper did not approve this purchase.',
  expired: 'The approval has expired.',
  amount_mismatch: 'The amount differs from the amount the shopper approved.',
  idempotency_key_reused: 'This idempotency key was used for another request.',
};

const rejected = (code: PayLaterRejection): PayLaterSaleAnswer => ({
  status: 'rejected',
  code,
  text: REJECTION_TEXT[code],
});

/** The provider's decision on a token: approved, unused, in time and for exactly this amount. */
async function decide(tx: Tx, provider: PayLaterProvider, request: PayLaterSaleRequest, now: Date) {
  const [row] = await tx
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.authToken, request.token), eq(sandboxSessions.provider, provider)))
    .for('update');
  if (row === undefined) return rejected('unknown_token');
  if (row.status === 'consumed') return rejected('token_used');
  if (row.status !== 'approved') return rejected('not_approved');
  if (row.expiresAt.getTime() <= now.getTime()) return rejected('expired');
  if (row.amountMinor !== request.amountMinor || row.currency !== request.currency) return rejected('amount_mismatch');
  await tx.update(sandboxSessions).set({ status: 'consumed' }).where(eq(sandboxSessions.id, row.id));
  return null;
}

/**
 * Authorises the amount against an approved session, consuming it. The same idempotency key
 * replays the stored answer; the same key with another token or amount is refused and changes nothing.
 */
export async function payLaterSale(
  db: Db,
  provider: PayLaterProvider,
  request: PayLaterSaleRequest,
  now: Date = new Date(),
): Promise<PayLaterSaleAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${request.idempotencyKey}))`);
    const [existing] = await tx
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.idempotencyKey, request.idempotencyKey));
    if (existing) {
      const same =
        existing.provider === provider &&
        existing.nonce === request.token &&
        existing.amountMinor === request.amountMinor &&
        existing.currency === request.currency;
      return same ? (existing.response as PayLaterSaleAnswer) : rejected('idempotency_key_reused');
    }
    const transactionId = randomUUID();
    const refusal = await decide(tx, provider, request, now);
    const answer: PayLaterSaleAnswer = refusal ?? { status: 'authorized', transactionId };
    await tx.insert(sandboxTransactions).values({
      id: transactionId,
      provider,
      idempotencyKey: request.idempotencyKey,
      nonce: request.token,
      amountMinor: request.amountMinor,
      currency: request.currency,
      status: answer.status === 'authorized' ? 'authorized' : 'gateway_rejected',
      responseCode: answer.status === 'authorized' ? 'AUTHORIZED' : answer.code,
      responseText: answer.status === 'authorized' ? 'Approved' : answer.text,
      response: answer,
    });
    return answer;
  });
}

/**
 * Capture (authorized -> submitted_for_settlement) or void (authorized -> voided) of this
 * provider's transaction. Doing either twice is harmless.
 */
export async function settleSale(
  db: Db,
  provider: PayLaterProvider,
  transactionId: string,
  to: 'submitted_for_settlement' | 'voided',
): Promise<PayLaterSettlementAnswer> {
  const mine = and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.provider, provider));
  const from = to === 'voided' ? ['authorized', 'submitted_for_settlement'] : ['authorized'];
  const [moved] = await db
    .update(sandboxTransactions)
    .set({ status: to })
    .where(
      and(
        mine,
        sql`${sandboxTransactions.status} in (${sql.join(
          from.map((status) => sql`${status}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: sandboxTransactions.id });
  if (moved) return { success: true, status: to };
  const [current] = await db.select({ status: sandboxTransactions.status }).from(sandboxTransactions).where(mine);
  if (!current) return { success: false, code: 'not_found', text: `No ${provider} transaction ${transactionId}.` };
  const done = to === 'voided' ? ['voided'] : ['submitted_for_settlement', 'settled'];
  if (done.includes(current.status)) {
    return { success: true, status: current.status as 'submitted_for_settlement' | 'settled' | 'voided' };
  }
  return {
    success: false,
    code: to === 'voided' ? 'cannot_void' : 'cannot_capture',
    text: `Transaction ${transactionId} is ${current.status}.`,
  };
}

/**
 * A pay-later provider's order calls, through the simulated network (PAYMENTS_FAULT): authorise
 * the approved session (Klarna's "create order", Clearpay's "auth"), then capture or void it, and
 * refund (part of) a captured one (issue 18: Klarna's order refunds, Clearpay's payment refund), once
 * per idempotency key, never more than was captured.
 */
export function payLaterOrders(db: Db, provider: PayLaterProvider, options: PayLaterGatewayOptions = {}) {
  return {
    authorise: (request: PayLaterSaleRequest): Promise<PayLaterSaleAnswer> =>
      overNetwork(() => payLaterSale(db, provider, request, options.now), options.env),
    capture: (transactionId: string): Promise<PayLaterSettlementAnswer> =>
      overNetwork(() => settleSale(db, provider, transactionId, 'submitted_for_settlement'), options.env),
    void: (transactionId: string): Promise<PayLaterSettlementAnswer> =>
      overNetwork(() => settleSale(db, provider, transactionId, 'voided'), options.env),
    refund: (transactionId: string, request: { amountMinor: number; idempotencyKey: string }): Promise<RefundAnswer> =>
      overNetwork(() => refundTransaction(db, transactionId, request, provider), options.env),
  };
}
