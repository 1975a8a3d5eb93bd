/**
 * The events service (docs/decisions/037): every event named once (./names.ts), recorded inside the
 * transaction that makes it happen and handled after commit by the subscribers that
 * src/server/subscribers.ts lists. Features raise events and keep their subscribers in their own
 * `subscribers/` folder; nothing here names a feature.
 */

export { eventsSettled, expectEvents, handleEventsSoon, isFollowUp } from './after-answer';
export {
  type AccountDeleted,
  EVENTS,
  type OrderPlaced,
  type OutboxEventName,
  type OutboxEvents,
  type PlacedOrderFacts,
  type ShipmentDispatched,
  type VoucherRefunded,
} from './names';
export {
  type EventBatchHandler,
  type EventHandler,
  type EventRows,
  eventRowsOf,
  handleEvents,
  handleEventsQuietly,
  installSubscribers,
  listSubscribers,
  MAX_ATTEMPTS as EVENT_MAX_ATTEMPTS,
  recordEvent,
  recordEventStatement,
  type Subscriber,
  SubscribersNotLoaded,
} from './outbox';
export { type EventDeliveryRow, eventDeliveries } from './schema';
