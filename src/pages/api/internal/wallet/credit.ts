/**
 * POST /api/internal/wallet/credit: support (and tests) give a shopper wallet credit by email.
 * Needs `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not
 * exist (404). Without expiresAt the credit expires 12 months from now (spec 4).
 */
import { OperatorCreditSchema } from '@/contracts/wallet';
import { NotFound } from '@/domain/errors';
import { walletCreditExpiry } from '@/domain/wallet';
import { retrieveUserByEmail } from '@/server/accounts';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { creditWallet } from '@/server/wallet';

export const POST = endpoint({
  who: 'operator',
  input: OperatorCreditSchema,
  area: 'wallet',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const user = await retrieveUserByEmail(db, input.email);
    if (user === null) throw new NotFound('No account with that email');
    const now = new Date();
    const expiresAt =
      input.expiresAt === undefined
        ? walletCreditExpiry(now)
        : input.expiresAt === null
          ? null
          : new Date(input.expiresAt);
    const entry = await creditWallet(db, {
      userId: user.id,
      currency: input.currency,
      kind: input.kind,
      amountMinor: input.amountMinor,
      expiresAt,
      description: input.description,
    });
    return json(
      {
        id: entry.id,
        userId: user.id,
        currency: entry.currency,
        kind: entry.kind,
        amountMinor: entry.amountMinor,
        expiresAt: entry.expiresAt?.toISOString() ?? null,
      },
      { status: 201 },
    );
  },
});
