/**
 * Every table, gathered for drizzle-kit and the database client. Each service owns its tables in its
 * own `schema.ts`; the payment sandbox keeps its tables in a schema and migrations of its own
 * (sandbox/db, docs/decisions/035-sandbox-as-its-own-app.md). One schema for both engines (PGlite
 * embedded, PostgreSQL server).
 */
export * from '../accounts/schema';
export * from '../addresses/schema';
export * from '../analytics/schema';
export * from '../basket/schema';
export * from '../bookings/schema';
export * from '../catalog/schema';
export * from '../content/schema';
export * from '../credit/schema';
export * from '../email-subscribers/schema';
export * from '../events/schema';
export * from '../experiments/schema';
export * from '../express-buy/schema';
export * from '../fulfilment/schema';
export * from '../gifting/schema';
export * from '../idempotency/schema';
export * from '../impressions/schema';
export * from '../instruments/schema';
export * from '../jobs/schema';
export * from '../landings/schema';
export * from '../loyalty/schema';
export * from '../mail/schema';
export * from '../merchants/schema';
export * from '../orders/schema';
export * from '../promotions/schema';
export * from '../reviews/schema';
export * from '../sponsored/schema';
export * from '../subscriptions/schema';
export * from '../travel/schema';
export * from '../voucher-lifecycle/schema';
export * from '../vouchers/schema';
export * from '../wallet/schema';
export * from '../wishlist/schema';
