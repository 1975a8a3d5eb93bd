/**
 * The merchant's shipping page forms (docs/decisions/051): mark a parcel dispatched with its carrier
 * and tracking number, upload a CSV for many, mark a parcel delivered. The carrier and tracking
 * number are checked by the fulfilment service, which words each refusal (DISPATCH_COPY).
 */
import { z } from 'zod';
import { DbIdInputSchema, text } from './text';

export const DispatchFormSchema = z.object({
  merchantId: DbIdInputSchema,
  shipmentId: DbIdInputSchema,
  carrier: text().max(40),
  trackingNumber: text().max(80),
});
export type DispatchForm = z.output<typeof DispatchFormSchema>;

export const DeliveredFormSchema = z.object({
  merchantId: DbIdInputSchema,
  shipmentId: DbIdInputSchema,
});

export const DispatchCsvFormSchema = z.object({
  merchantId: DbIdInputSchema,
  file: z.instanceof(File),
});
