/**
 * POST /api/internal/wallet/credit: support (and tests) give a shopper wallet credit by email.
 * Needs `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not
 * exist (404). Without expiresAt the credit expires 12 months from now (spec 4).
 */
import { OPERATOR_TOKEN } from 'astro:env/server';
import type { APIRoute } from 'astro';
import { OperatorCreditSchema } from '../../../../contracts/wallet';
import { walletCreditExpiry } from '../../../../domain/wallet';
import { retrieveUserByEmail } from '../../../../server/accounts/users';
import { getDb } from '../../../../server/db';
import { apiError, describeIssues, json, readRequestBody } from '../../../../server/http/api';
import { creditWallet } from '../../../../server/wallet';

export const POST: APIRoute = async ({ request }) => {
  if (!OPERATOR_TOKEN) return apiError(404, 'Not found');
  if (request.headers.get('authorization') !== `Bearer ${OPERATOR_TOKEN}`)
    return apiError(401, 'Operator token required');
  const read = await readRequestBody(request);
  if (!read.ok) return read.response;
  const body = read.value;
  const parsed = OperatorCreditSchema.safeParse(body);
  if (!parsed.success) return apiError(400, describeIssues(parsed.error));
  const input = parsed.data;
  const { db } = await getDb();
  const user = await retrieveUserByEmail(db, input.email);
  if (user === null) return apiError(404, 'No account with that email');
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
};
