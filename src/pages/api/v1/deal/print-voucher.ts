/** spec 7 /deal/print-voucher?voucherId=: the same printable voucher as /api/v1/voucher/{id}/pdf. */
import type { APIRoute } from 'astro';
import { voucherPdfResponse } from '@/server/http';

export const GET: APIRoute = (context) => voucherPdfResponse(context, context.url.searchParams.get('voucherId'));
