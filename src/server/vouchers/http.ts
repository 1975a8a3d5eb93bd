/**
 * The voucher PDF as an HTTP answer, shared by GET /api/v1/voucher/{id}/pdf and spec 7's
 * /api/v1/deal/print-voucher?voucherId=. Only the voucher's owner, or the guest session that
 * bought its order, gets it; anyone else gets the same 404 as for a voucher that does not exist.
 */
import type { APIContext } from 'astro';

import { getDb } from '@/server/db';
import { apiError, currentUser } from '@/server/http';
import { canViewVoucher, guestOrderIds } from './guest-access';
import { renderVoucherPdf, retrieveVoucher } from './index';

type VoucherContext = Pick<APIContext, 'session' | 'cookies' | 'url' | 'locals'>;

/** Parses a voucher id from a path or query value; null when it is not a positive whole number. */
export function parseVoucherId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** The PDF of voucher `rawId` for this request's shopper, or a JSON 4xx. */
export async function voucherPdfResponse(context: VoucherContext, rawId: string | null | undefined): Promise<Response> {
  const id = parseVoucherId(rawId);
  if (id === null) return apiError(400, 'The voucher id must be a number');
  const user = await currentUser(context);
  const viewer = { userId: user?.id ?? null, guestOrderIds: await guestOrderIds(context.session) };
  const { db } = await getDb();
  const voucher = await retrieveVoucher(db, id);
  if (voucher === null || !canViewVoucher(viewer, voucher)) return apiError(404, 'Voucher not found');
  const bytes = await renderVoucherPdf(voucher, { brand: context.locals.brand });
  return new Response(bytes.buffer as ArrayBuffer, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="voucher-${voucher.code}.pdf"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
    },
  });
}
