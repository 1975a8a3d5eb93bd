/**
 * POST /api/internal/merchants/{id}/invites (decision 024): support invites a merchant's first
 * owner (or anyone else) by email; the invitation is emailed like an owner's. Needs
 * `Authorization: Bearer $OPERATOR_TOKEN`; without a configured token the endpoint does not exist (404).
 */
import { z } from 'zod';
import { text } from '@/contracts/text';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { inviteColleague } from '@/server/merchants';
import { flushOutbox, publicOrigin } from '@/server/runtime';

const OperatorInviteSchema = z.object({ email: text().max(254), role: z.enum(['owner', 'staff']).default('owner') });

export const POST = endpoint({
  who: 'operator',
  input: OperatorInviteSchema,
  area: 'merchants',
  id: 'The merchant id must be a number',
  handler: async ({ input, id: merchantId }) => {
    const { db } = await getDb();
    const id = await inviteColleague(db, {
      merchantId,
      email: input.email,
      role: input.role,
      byUserId: null,
      origin: publicOrigin(),
      now: new Date(),
    });
    await flushOutbox();
    return json({ id, merchantId, email: input.email.trim().toLowerCase(), role: input.role }, { status: 201 });
  },
});
