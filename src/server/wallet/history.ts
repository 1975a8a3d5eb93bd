/**
 * The wallet history a shopper reads (docs/decisions/015): credits one line each; the debits one
 * order wrote (one row per credit it drew on) as one line with the order's total, so a split is
 * bookkeeping, not something the shopper has to add up.
 */
import { eq, sql } from 'drizzle-orm';
import type { WalletCreditKind, WalletCurrency } from '@/domain/wallet';
import type { DbOrTx } from '@/server/db';
import { walletEntries } from './schema';

export interface WalletHistoryEntry {
  id: number;
  createdAt: Date;
  description: string;
  currency: WalletCurrency;
  /** The credit's kind; null on a debit line (it may draw on several kinds). */
  kind: WalletCreditKind | null;
  /** Positive for a credit, negative for a debit. */
  amountMinor: number;
  expiresAt: Date | null;
  orderId: number | null;
}

export interface WalletHistoryPage {
  entries: WalletHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
}

const e = walletEntries;
/** One line per credit; one per debit batch (same order, moment, description and currency). */
const lineKey = sql`case when ${e.creditId} is null then 'c' || ${e.id}::text
  else 'd' || coalesce(${e.orderId}::text, '') || '|' || ${e.createdAt}::text || '|' || ${e.currency} || '|' || ${e.description} end`;

/** The ledger as lines, newest first, a page at a time (page counts from 1, at most 100 a page). */
export async function listWalletHistory(
  db: DbOrTx,
  userId: number,
  options: { page: number; pageSize: number },
): Promise<WalletHistoryPage> {
  const page = Math.max(1, Math.floor(options.page));
  const pageSize = Math.min(100, Math.max(1, Math.floor(options.pageSize)));
  const [totals] = await db
    .select({ total: sql<number>`count(distinct ${lineKey})::int` })
    .from(e)
    .where(eq(e.userId, userId));
  const rows = await db
    .select({
      id: sql<number>`min(${e.id})::int`,
      createdAt: sql<Date>`min(${e.createdAt})`.mapWith(e.createdAt),
      description: sql<string>`min(${e.description})`,
      currency: sql<WalletCurrency>`min(${e.currency})`,
      kind: sql<WalletCreditKind | null>`case when bool_and(${e.creditId} is null) then min(${e.kind}) end`,
      amountMinor: sql<number>`sum(${e.amountMinor})::int`,
      expiresAt: sql<Date | null>`min(${e.expiresAt})`.mapWith(e.expiresAt),
      orderId: sql<number | null>`min(${e.orderId})`,
    })
    .from(e)
    .where(eq(e.userId, userId))
    .groupBy(lineKey)
    .orderBy(sql`min(${e.createdAt}) desc`, sql`min(${e.id}) desc`)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const entries = rows.map((row) => ({
    ...row,
    amountMinor: Number(row.amountMinor),
    orderId: row.orderId === null ? null : Number(row.orderId),
  }));
  return { entries, total: Number(totals?.total ?? 0), page, pageSize };
}
