/**
 * Money follows every refund (docs/decisions/048; spec 3 voucher statuses Refunded and Request
 * Processed, spec 4 expiry rules). What an order earned (loyalty points, promotional credit) goes back
 * with its vouchers, each voucher its share; what the order spent from the wallet comes back as the
 * kind of credit it was. Pure: the services read the rows and write what these answer. Integer pence
 * and whole points throughout.
 */

/** How far an order's refunds have gone, as the refund that has just been written sees it. */
export interface RefundProgress {
  /** What the order cost, in pence. */
  orderTotalMinor: number;
  /** What the order's refunds have given back so far, this one included, in pence. */
  orderRefundedMinor: number;
  /** Every voucher of the order has now been refunded (or taken as credit). */
  isLastOfOrder: boolean;
}

/**
 * How much of what the order earned its refunds should have taken back once this refund is counted:
 * the share of the order refunded so far, rounded down, and all of it once the last voucher is refunded
 * (so the shares always add up to exactly what was earned, whatever the rounding).
 */
export function earnedShareRefunded(earned: number, progress: RefundProgress): number {
  if (!Number.isInteger(earned) || earned <= 0) return 0;
  if (progress.isLastOfOrder) return earned;
  if (progress.orderTotalMinor <= 0) return 0;
  const refunded = Math.min(Math.max(0, progress.orderRefundedMinor), progress.orderTotalMinor);
  return Math.floor((earned * refunded) / progress.orderTotalMinor);
}

/**
 * What this refund takes back: the share due so far less what the order's earlier refunds already
 * took back (counted as asked, shortfalls included, so nothing is asked for twice). Never negative.
 */
export function takeBackDue(earned: number, progress: RefundProgress, alreadyAsked: number): number {
  return Math.max(0, earnedShareRefunded(earned, progress) - Math.max(0, alreadyAsked));
}

/**
 * Takes back `due` from what the shopper still holds: never below zero. What they already spent is the
 * shortfall, noted and never a debt.
 */
export function takeBackFrom(held: number, due: number): { taken: number; shortfall: number } {
  const taken = Math.min(Math.max(0, held), Math.max(0, due));
  return { taken, shortfall: Math.max(0, due) - taken };
}

/** What an order spent from the wallet, one slice per credit it took from. */
export interface WalletSpend {
  /** marketing: promotional credit; the other kinds come back as refundable credit. */
  kind: 'cash' | 'marketing' | 'refundable';
  amountMinor: number;
  /** When the credit it came from expires (null: never). */
  expiresAt: Date | null;
}

/**
 * One credit a refund's wallet part writes: promotional credit with the expiry it had (null: never),
 * or refundable credit (spec 4: it expires 12 months from the refund; the service dates it).
 */
export type WalletReturn =
  | { kind: 'marketing'; amountMinor: number; expiresAt: Date | null }
  | { kind: 'refundable'; amountMinor: number };

/**
 * How a refund's wallet part comes back (docs/decisions/048): the order's wallet spend is given back in
 * one fixed order across its refunds, cash and refundable credit first, promotional credit last, from
 * where earlier refunds of the order stopped (`alreadyReturnedMinor`). Promotional credit comes back as
 * promotional credit with the expiry it had (the shopper is put back where they were, never given a
 * longer promotion); the rest, and anything beyond what the wallet paid, as refundable credit.
 */
export function walletRefundParts(
  spend: readonly WalletSpend[],
  alreadyReturnedMinor: number,
  walletMinor: number,
): WalletReturn[] {
  if (!Number.isInteger(walletMinor) || walletMinor <= 0) return [];
  const ordered = [...spend.filter((s) => s.kind !== 'marketing'), ...spend.filter((s) => s.kind === 'marketing')];
  let skip = Math.max(0, alreadyReturnedMinor);
  let left = walletMinor;
  const parts: WalletReturn[] = [];
  let refundable = 0;
  for (const slice of ordered) {
    if (left === 0) break;
    const amount = Math.max(0, slice.amountMinor);
    const skipped = Math.min(skip, amount);
    skip -= skipped;
    const take = Math.min(amount - skipped, left);
    if (take <= 0) continue;
    left -= take;
    if (slice.kind === 'marketing') {
      parts.push({ kind: 'marketing', amountMinor: take, expiresAt: slice.expiresAt });
    } else {
      refundable += take;
    }
  }
  refundable += left;
  if (refundable > 0) parts.unshift({ kind: 'refundable', amountMinor: refundable });
  return parts;
}
