/**
 * Wallet calls (spec 3 Wallet, spec 7 GET user wallet) and the operator's credit call. Amounts are
 * integer minor units (pence, cents).
 */
import { z } from 'zod';
import { text } from './text';

const Currency = z.enum(['GBP', 'EUR']);

/** spec 3 Wallet entry: one per currency. */
export const WalletBalanceSchema = z.object({
  currency: Currency,
  balance: z.number().int(),
  marketingBalance: z.number().int(),
  refundableBalance: z.number().int(),
});

/** spec 7 GET /user/wallet: the list by currency, the shopper's own-currency entry, and hasError. */
export const WalletResponseSchema = z.object({
  wallets: z.array(WalletBalanceSchema),
  userWallet: WalletBalanceSchema,
  hasError: z.boolean(),
});
export type WalletResponse = z.output<typeof WalletResponseSchema>;

/** POST /api/internal/wallet/credit: support gives a shopper credit. */
export const OperatorCreditSchema = z.object({
  email: text().trim().toLowerCase().email(),
  amountMinor: z.number().int().positive().max(10_000_00),
  currency: Currency.default('GBP'),
  kind: z.enum(['cash', 'marketing', 'refundable']),
  /** Absent: spec 4's 12 months from now. null: never expires. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  description: text().trim().min(1).max(200),
});
export type OperatorCreditInput = z.output<typeof OperatorCreditSchema>;
