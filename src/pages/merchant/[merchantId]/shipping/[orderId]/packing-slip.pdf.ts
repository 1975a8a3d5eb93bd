/**
 * GET /merchant/{id}/shipping/{orderId}/packing-slip.pdf (docs/decisions/051): the packing slip of
 * this merchant's parcels in one order, for members of the merchant only (anyone else, or an order
 * with none of its parcels: 404, as for a merchant that does not exist). Personal: never cached.
 */
import type { APIRoute } from 'astro';
import { DbIdInputSchema } from '@/contracts/text';
import { getDb } from '@/server/db';
import { renderPackingSlipPdf, retrievePackingSlip } from '@/server/fulfilment';
import { currentUser, PERSONAL_CACHE_CONTROL } from '@/server/http';
import { retrieveMembership } from '@/server/merchants';

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain', 'Cache-Control': PERSONAL_CACHE_CONTROL },
  });

export const GET: APIRoute = async (context) => {
  const user = await currentUser(context);
  if (user === null) return context.redirect(`/login?redirect=${encodeURIComponent(context.url.pathname)}`, 302);
  const merchantId = DbIdInputSchema.safeParse(context.params.merchantId);
  const orderId = DbIdInputSchema.safeParse(context.params.orderId);
  if (!merchantId.success || !orderId.success) return notFound();
  const { db } = await getDb();
  const membership = await retrieveMembership(db, user.id, merchantId.data);
  if (membership === null) return notFound();
  const slip = await retrievePackingSlip(db, {
    merchantId: membership.merchantId,
    merchantName: membership.merchantName,
    orderId: orderId.data,
  });
  if (slip === null) return notFound();
  const bytes = await renderPackingSlipPdf(slip);
  return new Response(bytes.buffer as ArrayBuffer, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="packing-slip-${slip.orderId}.pdf"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': PERSONAL_CACHE_CONTROL,
    },
  });
};
