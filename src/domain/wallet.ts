/**
 * The wallet's rules (spec 3 Wallet, spec 4 expiry rules), pure: the server reads ledger rows and
 * asks these functions what is left, what a debit takes and when credit expires.
 *
 * The ledger is append-only: a credit is a positive row with a kind and an optional expiry; a debit
 * is a negative row naming the credit it consumes. What is left of a credit is its amount plus its
 * debits; a balance is what is left of the credits that have not expired.
 */

export type WalletCurrency = 'GBP' | 'EUR';
export type WalletCreditKind = 'cash' | 'marketing' | 'refundable';

/** One ledger row as the rules need it. */
export interface LedgerEntry {
  id: number;
  currency: WalletCurrency;
  kind: WalletCreditKind;
  amountMinor: number;
  /** Set on a debit: the credit it consumed. */
  creditId: number | null;
  expiresAt: Date | null;
}

/** A credit with what is left of it. */
export interface CreditRemaining {
  id: number;
  currency: WalletCurrency;
  kind: WalletCreditKind;
  remainingMinor: number;
  expiresAt: Date | null;
}

/** spec 3 Wallet entry: per currency, in minor units. */
export interface WalletBalance {
  currency: WalletCurrency;
  balance: number;
  marketingBalance: number;
  refundableBalance: number;
}

/** One slice of a debit: how much it takes from which credit. */
export interface DebitTake {
  creditId: number;
  amountMinor: number;
}

export type DebitAllocation = { ok: true; takes: DebitTake[] } | { ok: false; availableMinor: number };

/** Credit that has not expired at `now` (an expiry at exactly `now` has passed). */
export function isUnexpired(expiresAt: Date | null, now: Date): boolean {
  return expiresAt === null || expiresAt.getTime() > now.getTime();
}

/** Every credit with what its debits left of it, in ledger order. */
export function remainingCredits(entries: readonly LedgerEntry[]): CreditRemaining[] {
  const credits = new Map<number, CreditRemaining>();
  for (const entry of entries) {
    if (entry.amountMinor > 0 && entry.creditId === null) {
      credits.set(entry.id, {
        id: entry.id,
        currency: entry.currency,
        kind: entry.kind,
        remainingMinor: entry.amountMinor,
        expiresAt: entry.expiresAt,
      });
    }
  }
  for (const entry of entries) {
    if (entry.creditId === null) continue;
    const credit = credits.get(entry.creditId);
    if (credit) credit.remainingMinor += entry.amountMinor;
  }
  return [...credits.values()];
}

/** Credits that can still be spent at `now`: something left and not expired. */
export function spendableCredits(credits: readonly CreditRemaining[], now: Date): CreditRemaining[] {
  return credits.filter((credit) => credit.remainingMinor > 0 && isUnexpired(credit.expiresAt, now));
}

/** spec 3: balance, marketing and refundable balances per currency, from spendable credit only. */
export function walletBalances(credits: readonly CreditRemaining[], now: Date): WalletBalance[] {
  const byCurrency = new Map<WalletCurrency, WalletBalance>();
  for (const credit of spendableCredits(credits, now)) {
    let balance = byCurrency.get(credit.currency);
    if (!balance) {
      balance = { currency: credit.currency, balance: 0, marketingBalance: 0, refundableBalance: 0 };
      byCurrency.set(credit.currency, balance);
    }
    balance.balance += credit.remainingMinor;
    if (credit.kind === 'marketing') balance.marketingBalance += credit.remainingMinor;
    if (credit.kind === 'refundable') balance.refundableBalance += credit.remainingMinor;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Promotional credit goes first on a tie: it cannot be refunded, cash can. */
const KIND_ORDER: Record<WalletCreditKind, number> = { marketing: 0, refundable: 1, cash: 2 };

/**
 * The order a debit spends credit in: soonest expiry first (credit that never expires last), then
 * marketing before refundable before cash, then the oldest credit.
 */
export function spendingOrder(a: CreditRemaining, b: CreditRemaining): number {
  const expiryA = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const expiryB = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (expiryA !== expiryB) return expiryA < expiryB ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.id - b.id;
}

/**
 * What a debit of `amountMinor` in `currency` takes from which credits, split across as many as it
 * needs; refused (with what is available) when the spendable balance is short.
 */
export function allocateDebit(
  credits: readonly CreditRemaining[],
  currency: WalletCurrency,
  amountMinor: number,
  now: Date,
): DebitAllocation {
  if (!Number.isInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`A debit must be whole minor units, got ${amountMinor}`);
  }
  const usable = spendableCredits(credits, now)
    .filter((credit) => credit.currency === currency)
    .sort(spendingOrder);
  const availableMinor = usable.reduce((sum, credit) => sum + credit.remainingMinor, 0);
  if (availableMinor < amountMinor) return { ok: false, availableMinor };
  const takes: DebitTake[] = [];
  let left = amountMinor;
  for (const credit of usable) {
    if (left === 0) break;
    const take = Math.min(left, credit.remainingMinor);
    takes.push({ creditId: credit.id, amountMinor: take });
    left -= take;
  }
  return { ok: true, takes };
}

/** The spendable credit that expires soonest in a currency, or null when nothing expires. */
export function soonestExpiringCredit(
  credits: readonly CreditRemaining[],
  currency: WalletCurrency,
  now: Date,
): { amountMinor: number; expiresAt: Date } | null {
  const expiring = spendableCredits(credits, now)
    .filter(
      (credit): credit is CreditRemaining & { expiresAt: Date } =>
        credit.currency === currency && credit.expiresAt !== null,
    )
    .sort(spendingOrder);
  const first = expiring[0];
  if (!first) return null;
  // Credits that expire at the same moment are one amount to the shopper.
  const amountMinor = expiring
    .filter((credit) => credit.expiresAt.getTime() === first.expiresAt.getTime())
    .reduce((sum, credit) => sum + credit.remainingMinor, 0);
  return { amountMinor, expiresAt: first.expiresAt };
}

/** Calendar months later in UTC, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** spec 4: wallet credit expires 12 months after redemption. */
export function walletCreditExpiry(redeemedAt: Date): Date {
  return addMonths(redeemedAt, 12);
}

/** spec 4: wallet credit from an expired voucher is valid 14 days after the voucher's expiry. */
export function expiredVoucherCreditExpiry(voucherExpiresAt: Date): Date {
  return new Date(voucherExpiresAt.getTime() + 14 * DAY_MS);
}
