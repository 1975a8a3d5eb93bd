/** spec 7 /v1/returns/returns-label (decision 026): GET ?voucherId= the shopper's return's reference and label URL. */
import { VoucherIdRequestSchema } from '@/contracts/voucher-lifecycle';
import { NotFound } from '@/domain/errors';
import { LIFECYCLE_COPY } from '@/domain/voucher-lifecycle';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { retrieveReturnReference } from '@/server/voucher-lifecycle';

export const prerender = false;

export const GET = endpoint({
  who: 'customer',
  input: VoucherIdRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const reference = await retrieveReturnReference(db, { voucherId: input.voucherId, userId: user.id });
    if (reference === null) throw new NotFound(LIFECYCLE_COPY.notYours);
    return {
      voucherId: input.voucherId,
      reference,
      labelUrl: `/api/v1/returns/pdf?voucherId=${input.voucherId}`,
    };
  },
});
