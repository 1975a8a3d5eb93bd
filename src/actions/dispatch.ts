/**
 * The merchant's Shipping page forms (docs/decisions/051): mark a parcel dispatched (the shopper is
 * emailed its tracking), mark many from a CSV, mark one delivered. Every one is for a signed-in
 * member of the merchant; another merchant's parcel is a 404.
 */
import { defineAction } from 'astro:actions';
import { DeliveredFormSchema, DispatchCsvFormSchema, DispatchFormSchema } from '@/contracts/dispatch';
import { DISPATCH_COPY, DISPATCH_CSV_MAX_BYTES } from '@/domain/dispatch';
import { Invalid } from '@/domain/errors';
import { getDb } from '@/server/db';
import { markDelivered, markDispatched, markDispatchedFromCsv } from '@/server/fulfilment';
import { requireSignedIn } from '@/server/http';
import { requireMembership } from '@/server/merchants';
import { flushOutbox } from '@/server/runtime';
import { answer } from './answer';

export const dispatchActions = {
  /** A member marks one parcel dispatched with its carrier and tracking number. */
  markDispatched: defineAction({
    accept: 'form',
    input: DispatchFormSchema,
    handler: (input, context) =>
      answer('fulfilment', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, input.merchantId);
        const shipment = await markDispatched(db, { ...input, now: new Date() });
        await flushOutbox();
        return { shipmentId: shipment.id, orderId: shipment.orderId };
      }),
  }),

  /** A member uploads a CSV of parcels dispatched: the report says which rows were done and why others were not. */
  markDispatchedFromCsv: defineAction({
    accept: 'form',
    input: DispatchCsvFormSchema,
    handler: ({ merchantId, file }, context) =>
      answer('fulfilment', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, merchantId);
        if (file.size === 0 || file.size > DISPATCH_CSV_MAX_BYTES) throw new Invalid(DISPATCH_COPY.csvFile);
        const report = await markDispatchedFromCsv(db, merchantId, await file.text(), new Date());
        await flushOutbox();
        return report;
      }),
  }),

  /** A member marks a dispatched parcel delivered. */
  markDelivered: defineAction({
    accept: 'form',
    input: DeliveredFormSchema,
    handler: (input, context) =>
      answer('fulfilment', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, input.merchantId);
        const shipment = await markDelivered(db, { ...input, now: new Date() });
        return { shipmentId: shipment.id };
      }),
  }),
};
