/**
 * POST /api/internal/merchants/{id}/invites (issue 23 item 1): support invites a merchant's first
 * owner (or anyone else) by email; the invitation is emailed like an owner's. Needs
 * `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { z } from 'zod';
import { DbIdInputSchema, text } from '@/contracts/text';
import { Invalid } from '@/domain/errors';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/endpoints';
import { json } from '@/server/http';
import { inviteColleague } from '@/server/merchants';
import { flushOutbox, publicOrigin } from '@/server/runtime';

const OperatorInviteSchema = z.object({ email: text().max(254), role: z.enum(['owner', 'staff']).default('owner') });

export const POST = endpoint({
  who: 'operator',
  input: OperatorInviteSchema,
  area: 'merchants',
  handler: async ({ input, context: { params } }) => {
    const merchantId = DbIdInputSchema.safeParse(params.id);
    if (!merchantId.success) throw new Invalid('The merchant id must be a number');
    const { db } = await getDb();
    const id = await inviteColleague(db, {
      merchantId: merchantId.data,
      email: input.email,
      role: input.role,
      byUserId: null,
      origin: publicOrigin(),
      now: new Date(),
    });
    await flushOutbox();
    return json(
      { id, merchantId: merchantId.data, email: input.email.trim().toLowerCase(), role: input.role },
      { status: 201 },
    );
  },
});
