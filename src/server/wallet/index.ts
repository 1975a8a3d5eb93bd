/**
 * The wallet (spec 3 Wallet, docs/decisions/015): an append-only ledger in `wallet_entries`.
 * Credits are positive rows, debits negative rows naming the credit they consume; balances are
 * derived from the rows by the rules in domain/wallet. `debitWallet` runs inside the caller's
 * order transaction and locks the shopper's row first, so two orders never spend the same credit.
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  allocateDebit,
  walletBalances as balancesOf,
  type CreditRemaining,
  type LedgerEntry,
  remainingCredits,
  soonestExpiringCredit,
  type WalletBalance,
  type WalletCreditKind,
  type WalletCurrency,
} from '@/domain/wallet';
import { users } from '@/server/accounts/schema';
import type { DbOrTx, Tx } from '@/server/db';
import { type WalletEntryRow, walletEntries } from './schema';

export type { WalletBalance, WalletCreditKind, WalletCurrency };

/** The spendable balance is short of what a debit asks for. */
export class InsufficientWalletBalance extends Error {
  constructor(
    readonly requestedMinor: number,
    readonly availableMinor: number,
    readonly currency: WalletCurrency,
  ) {
    super(`Wallet holds ${availableMinor} ${currency} minor units, ${requestedMinor} asked for`);
    this.name = 'InsufficientWalletBalance';
  }
}

/** A credit or debit that is not a positive whole number of minor units. */
export class InvalidWalletAmount extends Error {
  constructor(readonly amountMinor: number) {
    super(`A wallet amount must be a positive whole number of minor units, got ${amountMinor}`);
    this.name = 'InvalidWalletAmount';
  }
}

export interface CreditInput {
  userId: number;
  currency: WalletCurrency;
  kind: WalletCreditKind;
  amountMinor: number;
  /** spec 4: null or absent means the credit never expires. */
  expiresAt?: Date | null;
  description: string;
  orderId?: number | null;
}

export interface DebitInput {
  userId: number;
  currency: WalletCurrency;
  amountMinor: number;
  orderId: number;
  description: string;
  now: Date;
}

/** Adds a credit to a shopper's wallet; inside a transaction when given one. */
export async function creditWallet(dbOrTx: DbOrTx, input: CreditInput): Promise<WalletEntryRow> {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) throw new InvalidWalletAmount(input.amountMinor);
  const [row] = await dbOrTx
    .insert(walletEntries)
    .values({
      userId: input.userId,
      currency: input.currency,
      kind: input.kind,
      amountMinor: input.amountMinor,
      expiresAt: input.expiresAt ?? null,
      orderId: input.orderId ?? null,
      description: input.description,
    })
    .returning();
  if (row === undefined) throw new Error('wallet credit insert returned nothing');
  return row;
}

async function readCredits(dbOrTx: DbOrTx, userId: number, currency?: WalletCurrency): Promise<CreditRemaining[]> {
  const rows: LedgerEntry[] = await dbOrTx
    .select({
      id: walletEntries.id,
      currency: walletEntries.currency,
      kind: walletEntries.kind,
      amountMinor: walletEntries.amountMinor,
      creditId: walletEntries.creditId,
      expiresAt: walletEntries.expiresAt,
    })
    .from(walletEntries)
    .where(
      currency === undefined
        ? eq(walletEntries.userId, userId)
        : and(eq(walletEntries.userId, userId), eq(walletEntries.currency, currency)),
    )
    .orderBy(asc(walletEntries.id));
  return remainingCredits(rows);
}

/**
 * Spends wallet credit for an order inside the caller's transaction: soonest-expiring credit first
 * (marketing before cash on a tie), one negative row per credit it takes from. Throws
 * InsufficientWalletBalance, writing nothing, when the spendable balance is short.
 */
export async function debitWallet(tx: Tx, input: DebitInput): Promise<WalletEntryRow[]> {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor < 0) throw new InvalidWalletAmount(input.amountMinor);
  if (input.amountMinor === 0) return [];
  // The shopper's row is the wallet's lock: a second order waits here until the first commits,
  // then reads the debits the first one wrote. NO KEY UPDATE, not UPDATE: the order transaction has
  // already inserted rows that point at the shopper (their foreign keys take KEY SHARE on this row),
  // and two orders each holding that and asking for UPDATE would deadlock.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
  const credits = await readCredits(tx, input.userId, input.currency);
  const allocation = allocateDebit(credits, input.currency, input.amountMinor, input.now);
  if (!allocation.ok) throw new InsufficientWalletBalance(input.amountMinor, allocation.availableMinor, input.currency);
  const kindOf = new Map(credits.map((credit) => [credit.id, credit.kind]));
  return tx
    .insert(walletEntries)
    .values(
      allocation.takes.map((take) => ({
        userId: input.userId,
        currency: input.currency,
        kind: kindOf.get(take.creditId) ?? 'cash',
        amountMinor: -take.amountMinor,
        creditId: take.creditId,
        orderId: input.orderId,
        description: input.description,
      })),
    )
    .returning();
}

/** spec 3 Wallet entries: per currency, spendable balance with its marketing and refundable parts. */
export async function walletBalances(db: DbOrTx, userId: number, now: Date): Promise<WalletBalance[]> {
  return balancesOf(await readCredits(db, userId), now);
}

export interface WalletSummary {
  balances: WalletBalance[];
  /** Per currency, the spendable credit that expires soonest (null when none expires). */
  soonestExpiring: { currency: WalletCurrency; amountMinor: number; expiresAt: Date }[];
}

/** Balances plus what expires soonest, for the wallet page. */
export async function retrieveWalletSummary(db: DbOrTx, userId: number, now: Date): Promise<WalletSummary> {
  const credits = await readCredits(db, userId);
  const balances = balancesOf(credits, now);
  const soonestExpiring = balances.flatMap(({ currency }) => {
    const soonest = soonestExpiringCredit(credits, currency, now);
    return soonest ? [{ currency, ...soonest }] : [];
  });
  return { balances, soonestExpiring };
}

export { listWalletHistory, type WalletHistoryEntry, type WalletHistoryPage } from './history';

/**
 * What an order spent from the shopper's wallet, one slice per credit it took from, with that
 * credit's kind and expiry (a refund gives promotional credit back as promotional credit with the
 * expiry it had: docs/decisions/048).
 */
export async function listOrderWalletSpend(
  dbOrTx: DbOrTx,
  userId: number,
  orderId: number,
): Promise<{ kind: WalletCreditKind; amountMinor: number; expiresAt: Date | null }[]> {
  const credit = alias(walletEntries, 'credit');
  const rows = await dbOrTx
    .select({ kind: credit.kind, amountMinor: walletEntries.amountMinor, expiresAt: credit.expiresAt })
    .from(walletEntries)
    .innerJoin(credit, eq(credit.id, walletEntries.creditId))
    .where(and(eq(walletEntries.userId, userId), eq(walletEntries.orderId, orderId), lt(walletEntries.amountMinor, 0)))
    .orderBy(asc(walletEntries.id));
  return rows.map((row) => ({ kind: row.kind, amountMinor: -row.amountMinor, expiresAt: row.expiresAt }));
}

/**
 * Takes back up to `amountMinor` of one credit (what is left of it, never below zero), inside the
 * caller's transaction: one debit row naming the credit. Answers what it took (docs/decisions/048: a
 * refunded order's promotional credit goes back; what the shopper already spent is not a debt).
 */
export async function takeBackCredit(
  tx: Tx,
  input: { userId: number; creditId: number; amountMinor: number; description: string },
): Promise<number> {
  if (!Number.isInteger(input.amountMinor) || input.amountMinor <= 0) return 0;
  // The shopper's row is the wallet's lock, as in debitWallet.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('no key update');
  const credits = await readCredits(tx, input.userId);
  const credit = credits.find((candidate) => candidate.id === input.creditId);
  const take = Math.min(input.amountMinor, Math.max(0, credit?.remainingMinor ?? 0));
  if (credit === undefined || take === 0) return 0;
  await tx.insert(walletEntries).values({
    userId: input.userId,
    currency: credit.currency,
    kind: credit.kind,
    amountMinor: -take,
    creditId: credit.id,
    // Not the order's: an order's own debits are what it spent (listOrderWalletSpend).
    orderId: null,
    description: input.description,
  });
  return take;
}

/** The ledger total per currency, credits and debits alike, ignoring expiry (for audits and tests). */
export async function ledgerTotals(db: DbOrTx, userId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ currency: walletEntries.currency, total: sql<string>`sum(${walletEntries.amountMinor})` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId))
    .groupBy(walletEntries.currency);
  return Object.fromEntries(rows.map((row) => [row.currency, Number(row.total)]));
}
