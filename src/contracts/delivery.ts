/**
 * Posted products (docs/decisions/051-posted-products.md): the delivery address a shopper gives at
 * checkout or keeps in My Account, the delivery option a basket line ships by, and a shipment as
 * the shopper's order page and the merchant's shipping list read it.
 */
import { z } from 'zod';
import { CARRIERS, SHIPMENT_STATUSES, SHIPPING_METHODS } from '@/domain/delivery';
import { ADDRESS_LIMITS, ADDRESS_MESSAGES, fullPostcode, isCourierPhone } from '@/domain/delivery-address';
import { DbIdInputSchema, text } from './text';

export { ADDRESS_MESSAGES } from '@/domain/delivery-address';

/**
 * A UK delivery address: the recipient, two lines, the town, a full postcode (formatted the Royal
 * Mail way, "LS1 4AP") and an optional phone number for the courier. The limits, messages and
 * rules are the domain's (src/domain/delivery-address.ts), which the checkout applies in the browser.
 */
export const DeliveryAddressSchema = z.object({
  name: text().trim().min(1, ADDRESS_MESSAGES.name).max(ADDRESS_LIMITS.name, ADDRESS_MESSAGES.name),
  line1: text().trim().min(1, ADDRESS_MESSAGES.line1).max(ADDRESS_LIMITS.line1, ADDRESS_MESSAGES.line1),
  line2: text().trim().max(ADDRESS_LIMITS.line2, ADDRESS_MESSAGES.line2).default(''),
  town: text().trim().min(1, ADDRESS_MESSAGES.town).max(ADDRESS_LIMITS.town, ADDRESS_MESSAGES.town),
  postcode: text()
    .trim()
    .max(ADDRESS_LIMITS.postcode, ADDRESS_MESSAGES.postcode)
    .transform((value, ctx) => {
      const formatted = fullPostcode(value);
      if (formatted === null) {
        ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.postcode });
        return z.NEVER;
      }
      return formatted;
    }),
  phone: text()
    .trim()
    .max(ADDRESS_LIMITS.phone, ADDRESS_MESSAGES.phone)
    .default('')
    .refine(isCourierPhone, ADDRESS_MESSAGES.phone),
});
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof DeliveryAddressSchema>;

/** A saved address of a signed-in shopper (My Account > Addresses). */
export const SavedAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  town: z.string(),
  postcode: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.output<typeof SavedAddressSchema>;

/** The My Account edit form (docs/decisions/051): the address and the id of the saved one it changes. */
export const SavedAddressEditSchema = DeliveryAddressSchema.extend({ id: DbIdInputSchema });

/** GET /api/v1/user/addresses (and DELETE by id): the shopper's saved addresses, the default first. */
export const SavedAddressesResponseSchema = z.object({ addresses: z.array(SavedAddressSchema) });
export type SavedAddressesResponse = z.output<typeof SavedAddressesResponseSchema>;

/** POST /api/v1/user/addresses and PATCH by id: the address as saved, and the list as it now is. */
export const SavedAddressResponseSchema = SavedAddressesResponseSchema.extend({ address: SavedAddressSchema });
export type SavedAddressResponse = z.output<typeof SavedAddressResponseSchema>;

/**
 * PATCH /api/v1/user/addresses/{id}: the fields to change (the others keep their saved values, and
 * the whole is checked by DeliveryAddressSchema), and `isDefault: true` to make it the default.
 */
export const SavedAddressPatchSchema = z.object({
  name: text().optional(),
  line1: text().optional(),
  line2: text().optional(),
  town: text().optional(),
  postcode: text().optional(),
  phone: text().optional(),
  isDefault: z.literal(true).optional(),
});
export type SavedAddressPatch = z.output<typeof SavedAddressPatchSchema>;

/** A refused address (400): the first field's message, and each field's message by field name. */
export const AddressProblemsSchema = z.object({
  message: z.string(),
  status: z.number().int(),
  errors: z.record(z.string(), z.string()),
});
export type AddressProblems = z.output<typeof AddressProblemsSchema>;

export const ShippingMethodSchema = z.enum(SHIPPING_METHODS);
export const ShipmentStatusSchema = z.enum(SHIPMENT_STATUSES);
export const CarrierSchema = z.enum(Object.keys(CARRIERS) as [keyof typeof CARRIERS, ...(keyof typeof CARRIERS)[]]);

/** One delivery option of a basket line: its price per unit and the days it promises. */
export const DeliveryOptionViewSchema = z.object({
  method: ShippingMethodSchema,
  label: z.string(),
  priceMinor: z.number().int(),
  deliverFrom: z.string(),
  deliverBy: z.string(),
});
export type DeliveryOptionView = z.output<typeof DeliveryOptionViewSchema>;

/** A shipment of one order line, as its shopper (and the merchant who ships it) reads it. */
export const ShipmentViewSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderLineId: z.number().int(),
  title: z.string(),
  quantity: z.number().int(),
  method: ShippingMethodSchema,
  status: ShipmentStatusSchema,
  dispatchBy: z.string(),
  deliverFrom: z.string(),
  deliverBy: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type ShipmentView = z.output<typeof ShipmentViewSchema>;

/**
 * POST /api/v1/shipments/{id}/cancel (Consumer Rights Act 2015 s28; docs/decisions/051): a parcel
 * not dispatched by its day, cancelled for a full refund: to the original payment method (`cardTo`,
 * "your card", "your Klarna plan"…) and any part the wallet paid back to the wallet. A second call
 * answers `alreadyCancelled` and changes nothing.
 */
export const LateCancelResponseSchema = z.object({
  outcome: z.enum(['cancelled', 'alreadyCancelled']),
  shipment: ShipmentViewSchema,
  refund: z.object({
    cardMinor: z.number().int(),
    walletMinor: z.number().int(),
    currency: z.enum(['GBP', 'EUR']),
    cardTo: z.string(),
  }),
  message: z.string(),
});
export type LateCancelResponse = z.output<typeof LateCancelResponseSchema>;
