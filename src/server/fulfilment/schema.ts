/**
 * Fulfilment of posted products (docs/decisions/051): where an order ships to, and one shipment per
 * order line that ships, moving ordered -> dispatched -> delivered (or cancelled when the shopper
 * cancels an order left undispatched past its promise, Consumer Rights Act 2015 s28). The address
 * is personal data: read by its shopper, the merchant who ships it and operators only.
 */
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShipmentStatus, ShippingMethod } from '@/domain/delivery';
import { merchants } from '../catalog/schema';
import { orderLines, orders } from '../orders/schema';

/** The delivery address an order's posted products go to (one per order). */
export const orderDeliveries = pgTable('order_deliveries', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  name: text('name').notNull(),
  line1: text('line1').notNull(),
  line2: text('line2').notNull().default(''),
  town: text('town').notNull(),
  postcode: text('postcode').notNull(),
  phone: text('phone').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One order line's parcel: what it promised and where it has got to. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    /** The merchant who ships it (the deal's), so their shipping list reads only their parcels. */
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    method: text('method').$type<ShippingMethod>().notNull(),
    status: text('status').$type<ShipmentStatus>().notNull().default('ordered'),
    /** The promise (London calendar dates): dispatched by, then delivered between. */
    dispatchBy: date('dispatch_by', { mode: 'string' }).notNull(),
    deliverFrom: date('deliver_from', { mode: 'string' }).notNull(),
    deliverBy: date('deliver_by', { mode: 'string' }).notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the merchant was reminded that the dispatch day is near (once). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the shopper was told the parcel is late and may be cancelled for a full refund (once). */
    lateNoticeSentAt: timestamp('late_notice_sent_at', { withTimezone: true }),
    /**
     * A shipment the shopper cancelled as late (Consumer Rights Act 2015 s28): what went back to the
     * original payment method (card, PayPal, pay later: `refund_provider`) and to the wallet.
     */
    refundCardMinor: integer('refund_card_minor'),
    refundWalletMinor: integer('refund_wallet_minor'),
    refundProvider: text('refund_provider'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_order_line_key').on(t.orderLineId),
    index('shipments_order_idx').on(t.orderId),
    index('shipments_merchant_status_idx').on(t.merchantId, t.status, t.dispatchBy),
  ],
);
