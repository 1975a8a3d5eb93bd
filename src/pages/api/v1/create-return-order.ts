/**
 * spec 7 create-return-order (decision 026): POST {voucherId} starts the return of a product sent by
 * post (Return Requested) and answers its reference and where its returns label is.
 */
import { VoucherIdRequestSchema } from '@/contracts/voucher-lifecycle';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { requestReturn } from '@/server/voucher-lifecycle';

export const prerender = false;

export const POST = endpoint({
  who: 'customer',
  input: VoucherIdRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const reference = await requestReturn(db, { voucherId: input.voucherId, userId: user.id, now: new Date() });
    return { voucherId: input.voucherId, reference, labelUrl: `/api/v1/returns/pdf?voucherId=${input.voucherId}` };
  },
});
