/**
 * The voucher state machine's writer (docs/decisions/026): every voucher status change goes through
 * here, inside the caller's transaction: lock the voucher, ask the state machine
 * (src/domain/voucher-status.ts) whether the move is allowed, change the status and write its audit
 * row. A refused move throws and writes nothing. The import check refuses a status write anywhere else.
 */
import { eq, sql } from 'drizzle-orm';
import { LifecycleError } from '@/domain/errors';
import { checkTransition, type VoucherActor, type VoucherEvent } from '@/domain/voucher-status';
import { EXPIRABLE_STATUSES } from '@/domain/vouchers';
import type { DbOrTx, Tx } from '@/server/db';
import { type VoucherRow, type VoucherStatus, voucherStatusChanges, vouchers } from './schema';

export interface VoucherMove {
  voucherId: number;
  event: VoucherEvent;
  actor: VoucherActor;
  actorUserId?: number | null;
  note?: string;
  now: Date;
  /** Further columns changed with the status (e.g. nothing, or an expiry). */
  set?: Partial<Pick<VoucherRow, 'expiresAt'>>;
}

/** Locks a voucher row for the rest of the transaction; null when there is none. */
export async function lockVoucher(tx: Tx, voucherId: number): Promise<VoucherRow | null> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('update');
  return row ?? null;
}

/** Locks the voucher with this code for the rest of the transaction (a merchant's till); null when there is none. */
export async function lockVoucherByCode(tx: Tx, code: string): Promise<VoucherRow | null> {
  const [row] = await tx.select().from(vouchers).where(eq(vouchers.code, code)).for('update');
  return row ?? null;
}

/**
 * Moves a voucher by a state-machine event and audits it. Throws LifecycleError: notYours when there is
 * no such voucher, alreadyRefunded for a refunded one asked to refund again, notReturnable otherwise.
 */
export async function moveVoucher(tx: Tx, move: VoucherMove): Promise<{ from: VoucherStatus; voucher: VoucherRow }> {
  const voucher = await lockVoucher(tx, move.voucherId);
  if (voucher === null) throw new LifecycleError('notYours');
  const check = checkTransition(voucher.status, move.event, move.actor);
  if (!check.ok) {
    if (voucher.status === 'refunded' && move.event === 'refund') throw new LifecycleError('alreadyRefunded');
    if (voucher.status === 'expired') throw new LifecycleError('expired');
    throw new LifecycleError('notReturnable');
  }
  const to = check.to as VoucherStatus;
  const [moved] = await tx
    .update(vouchers)
    .set({ status: to, statusChangedAt: move.now, ...move.set })
    .where(eq(vouchers.id, voucher.id))
    .returning();
  if (moved === undefined) throw new Error('voucher update returned nothing');
  await tx.insert(voucherStatusChanges).values({
    voucherId: voucher.id,
    fromStatus: voucher.status,
    toStatus: to,
    event: move.event,
    actor: move.actor,
    actorUserId: move.actorUserId ?? null,
    note: move.note ?? '',
    createdAt: move.now,
  });
  return { from: voucher.status, voucher: moved };
}

/**
 * Moves unused vouchers past their expiry to Expired in one statement (the machine's `expire` by the
 * system, from Ready to Redeem or Booked), with an audit row each; answers how many moved. Vouchers whose shopper agreed to wallet credit are expired one by one
 * by the voucher lifecycle service first (src/server/voucher-lifecycle), so their credit goes with them.
 */
export async function expireVouchers(db: DbOrTx, now: Date): Promise<number> {
  const moved = await db.execute<{ voucher_id: number }>(sql`
    with due as (
      select id, status from vouchers
      where status in (${sql.join(
        EXPIRABLE_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )}) and expires_at <= ${now}
      for update skip locked
    ), moved as (
      update vouchers v set status = 'expired', status_changed_at = ${now}
      from due where v.id = due.id
      returning v.id, due.status as from_status
    )
    insert into voucher_status_changes (voucher_id, from_status, to_status, event, actor, created_at)
    select id, from_status, 'expired', 'expire', 'system', ${now} from moved
    returning voucher_id
  `);
  return moved.rows.length;
}
