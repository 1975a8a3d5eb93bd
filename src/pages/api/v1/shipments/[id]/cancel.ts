/**
 * POST /api/v1/shipments/{id}/cancel (Consumer Rights Act 2015 s28; docs/decisions/051): the shopper
 * cancels a parcel not dispatched by its promised day, for a full refund of the line to how they paid.
 * Allowed to whoever may see the order page: the signed-in shopper who placed it, or the guest session
 * that placed it (`canViewVoucher`); anyone else's shipment is a 404, as one that does not exist. 409
 * with a message before the dispatch day has passed or once dispatched; a second call answers 200 with
 * `outcome: "alreadyCancelled"` and changes nothing.
 *
 * The order page's "Cancel and refund" form posts here without JavaScript: a form post is answered
 * with a redirect (303) back to the order page, which shows what happened.
 */

import { AppError, NotFound, Unauthorised } from '@/domain/errors';
import { LATE_DELIVERY_COPY } from '@/domain/late-delivery';
import { getDb } from '@/server/db';
import { cancelLateShipment, orderPagePath, retrieveShipment } from '@/server/fulfilment';
import { currentUser, endpoint, guestOrderIds } from '@/server/http';
import { lateDeliveryPorts } from '@/server/late-delivery';
import { paymentProviders } from '@/server/payments';
import { canViewVoucher, retrievePurchaseSummary } from '@/server/vouchers';

export const prerender = false;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

export const POST = endpoint({
  who: 'anyone',
  area: 'fulfilment',
  id: LATE_DELIVERY_COPY.notFound,
  handler: async ({ context, id }) => {
    const contentType = context.request.headers.get('content-type')?.toLowerCase() ?? '';
    const isForm = FORM_TYPES.some((type) => contentType.includes(type));
    const { db } = await getDb();
    const user = await currentUser(context);
    const guestOrders = user === null ? await guestOrderIds(context.session) : [];
    if (user === null && guestOrders.length === 0) throw new Unauthorised(LATE_DELIVERY_COPY.signIn);
    const shipment = await retrieveShipment(db, id);
    const order = shipment === null ? null : await retrievePurchaseSummary(db, shipment.orderId);
    const viewer = { userId: user?.id ?? null, guestOrderIds: guestOrders };
    if (
      shipment === null ||
      order === null ||
      !canViewVoucher(viewer, { userId: order.userId, orderId: order.orderId })
    ) {
      throw new NotFound(LATE_DELIVERY_COPY.notFound);
    }
    const back = (outcome: string) =>
      new Response(null, {
        status: 303,
        headers: { Location: `${orderPagePath(order.orderId)}&late=${outcome}&shipment=${id}#late-${id}` },
      });
    try {
      const done = await cancelLateShipment(db, lateDeliveryPorts(paymentProviders()), {
        userId: order.userId,
        shipmentId: id,
        now: new Date(),
      });
      if (isForm) return back(done.outcome);
      return { ...done };
    } catch (error) {
      if (isForm && error instanceof AppError && error.kind === 'conflict') return back(error.code);
      throw error;
    }
  },
});
