/** GET /api/v1/voucher/{id}/pdf: the printable voucher, to its owner or the guest who bought it. */
import type { APIRoute } from 'astro';
import { voucherPdfResponse } from '@/server/http';

export const GET: APIRoute = (context) => voucherPdfResponse(context, context.params.id);
