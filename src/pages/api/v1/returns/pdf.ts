/**
 * spec 7 /v1/returns/pdf (decision 026): GET ?voucherId= the returns label as a PDF, for the shopper
 * whose return it is.
 */
import { VoucherIdRequestSchema } from '@/contracts/voucher-lifecycle';
import { NotFound } from '@/domain/errors';
import { LIFECYCLE_COPY } from '@/domain/voucher-lifecycle';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { renderReturnsLabel } from '@/server/voucher-lifecycle';

export const prerender = false;

export const GET = endpoint({
  who: 'customer',
  input: VoucherIdRequestSchema,
  invalid: 'firstField',
  area: 'vouchers',
  handler: async ({ input, user }) => {
    const { db } = await getDb();
    const label = await renderReturnsLabel(db, { voucherId: input.voucherId, userId: user.id });
    if (label === null) throw new NotFound(LIFECYCLE_COPY.notYours);
    return new Response(label.bytes.buffer as ArrayBuffer, {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="returns-label-${label.reference}.pdf"`,
        'Content-Length': String(label.bytes.byteLength),
        'Cache-Control': 'private, no-store',
      },
    });
  },
});
