/**
 * spec 7 /deal/redeem-instructions (decision 026): GET ?dealId= how a deal's voucher is used, as the
 * voucher page says it.
 */
import { RedeemInstructionsQuerySchema } from '@/contracts/voucher-lifecycle';
import { NotFound } from '@/domain/errors';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { retrieveRedeemInstructions } from '@/server/vouchers';

export const prerender = false;

export const GET = endpoint({
  who: 'anyone',
  input: RedeemInstructionsQuerySchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input }) => {
    const { db } = await getDb();
    const found = await retrieveRedeemInstructions(db, input.dealId);
    if (found === null) throw new NotFound('No deal has this id.');
    return found;
  },
});
