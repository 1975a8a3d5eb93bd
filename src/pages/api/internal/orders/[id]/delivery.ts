/**
 * GET /api/internal/orders/{id}/delivery (docs/decisions/051): support reads where an order's posted
 * products go and how each parcel is getting on. An address is personal data, so only operators
 * (`Authorization: Bearer $OPERATOR_TOKEN`), the order's shopper and the merchant who ships it read
 * it; without a configured token this endpoint does not exist (404). 404 for an order with nothing
 * posted.
 */
import { NotFound } from '@/domain/errors';
import { getDb } from '@/server/db';
import { listOrderShipments, retrieveOrderDelivery } from '@/server/fulfilment';
import { endpoint } from '@/server/http';

export const GET = endpoint({
  who: 'operator',
  area: 'operator',
  id: 'The order number must be a number.',
  handler: async ({ id }) => {
    const { db } = await getDb();
    const address = await retrieveOrderDelivery(db, id);
    if (address === null) throw new NotFound('That order has nothing posted.');
    return { orderId: id, address, shipments: await listOrderShipments(db, [id]) };
  },
});
