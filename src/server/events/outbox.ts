/**
 * Recording and handling events after commit (docs/decisions/037). The transaction that makes an
 * event happen writes one row per subscriber of the list src/server/subscribers.ts installs; after
 * commit the rows are handled, and a handler that fails (or a process that dies first) is retried
 * by the hourly jobs. A handler runs at least once, so it must be safe to run again.
 *
 * The rows come from the installed list, never from whatever a process happened to import: a
 * process that did not load the list cannot record an event at all (SubscribersNotLoaded), so an
 * order never commits without its follow-ups.
 */
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Db, fixedStatement, type Tx } from '@/server/db';
import { describeError, logError } from '@/server/log';
import type { OutboxEventName, OutboxEvents } from './names';
import { type EventDeliveryRow, eventDeliveries } from './schema';

/** After this many failed attempts a row is left for a person to look at (last_error says why). */
export const MAX_ATTEMPTS = 5;

/** How a subscriber of an outbox event handles it. */
export type EventHandler<E extends OutboxEventName> = (db: Db, payload: OutboxEvents[E]) => Promise<void>;

/**
 * How a subscriber handles several rows of its event at once (docs/decisions/075): the same work as
 * its handler on each, in fewer statements. It must be as safe to run again as the handler is.
 */
export type EventBatchHandler<E extends OutboxEventName> = (db: Db, payloads: OutboxEvents[E][]) => Promise<void>;

/**
 * A subscriber as its file exports it: the event it answers, its handler, and optionally `many`, the
 * same for several events at once (a claim of the drain holds several orders' rows).
 */
export interface Subscriber<E extends OutboxEventName = OutboxEventName> {
  config: { event: E; subscriberId: string };
  default: EventHandler<E>;
  many?: EventBatchHandler<E>;
}

/** Raised when a process records an event before src/server/subscribers.ts installed the subscribers. */
export class SubscribersNotLoaded extends Error {
  constructor(event: string) {
    super(`No subscribers are loaded, so '${event}' cannot be recorded: call loadSubscribers() at the entry point`);
    this.name = 'SubscribersNotLoaded';
  }
}

type AnySubscriber = {
  config: { event: OutboxEventName; subscriberId: string };
  default: EventHandler<never>;
  many?: EventBatchHandler<never>;
};
let installed: ReadonlyMap<string, AnySubscriber> | null = null;
const keyOf = (event: string, subscriberId: string) => `${event}\u0000${subscriberId}`;

/**
 * Installs the one list of subscribers (src/server/subscribers.ts calls this). A subscriber id is
 * unique within its event. Installing again replaces the list (tests add a subscriber of their own
 * this way, and put the list back after).
 */
export function installSubscribers(
  subscribers: readonly Subscriber<OutboxEventName>[] | readonly AnySubscriber[],
): void {
  const byKey = new Map<string, AnySubscriber>();
  for (const subscriber of subscribers as readonly AnySubscriber[]) {
    const key = keyOf(subscriber.config.event, subscriber.config.subscriberId);
    if (byKey.has(key)) {
      throw new Error(`'${subscriber.config.subscriberId}' subscribes to '${subscriber.config.event}' twice`);
    }
    byKey.set(key, subscriber);
  }
  installed = byKey;
}

/** The installed subscribers as `event: subscriberId` pairs, sorted (what the registry test reads). */
export function listSubscribers(): string[] {
  return [...(installed?.values() ?? [])].map((s) => `${s.config.event}: ${s.config.subscriberId}`).sort();
}

function subscribersOf(event: OutboxEventName): AnySubscriber[] {
  if (installed === null) throw new SubscribersNotLoaded(event);
  return [...installed.values()].filter((subscriber) => subscriber.config.event === event);
}

/**
 * Writes an event's rows, one per subscriber; call inside the transaction that makes it happen.
 * `subject` is what the event is about (the order's, voucher's or account's id). Returns the rows'
 * ids, for `handleEvents` after commit.
 */
export async function recordEvent<E extends OutboxEventName>(
  tx: Tx,
  event: E,
  subject: string | number,
  payload: OutboxEvents[E],
): Promise<number[]> {
  const rows = eventRowsOf(event);
  if (rows.eventSubscribers.length === 0) return [];
  // One statement whose text and parameters do not grow with the subscribers (docs/decisions/078),
  // built once: the payload is sent once, not once per row.
  const written = await RECORD_EVENT(tx, { ...rows, subject: String(subject), payload: JSON.stringify(payload) });
  return written.map((row) => Number(row.id));
}

/**
 * An event's rows as one `insert … select` of fixed text, for the statement that makes the event
 * happen to write them itself (docs/decisions/080: the order writes its `order.placed` rows in its own
 * statement). The same rows as `recordEvent`'s: `subject` and `payload` are the caller's expressions
 * (text and jsonb); the event and its subscribers are the placeholders `eventRowsOf` gives values for.
 * Returns `id` of each row.
 */
export function recordEventStatement(input: { subject: SQL; payload: SQL }): SQL {
  const listed = (name: keyof EventRows) => sql.placeholder(name);
  return sql`
    insert into event_deliveries (event, subject, subscriber, payload)
    select ${listed('eventName')}::text, ${input.subject}, listed.subscriber, ${input.payload}
    from unnest(${listed('eventSubscribers')}::text[]) with ordinality as listed(subscriber, position)
    order by listed.position
    returning id`;
}

/** The values of `recordEventStatement`'s placeholders. */
export interface EventRows {
  eventName: string;
  /** One row per subscriber, in the order they are listed. */
  eventSubscribers: string[];
}

/** An event's rows for `recordEventStatement`; throws SubscribersNotLoaded, as `recordEvent` does. */
export function eventRowsOf(event: OutboxEventName): EventRows {
  return {
    eventName: event,
    eventSubscribers: subscribersOf(event).map((subscriber) => subscriber.config.subscriberId),
  };
}

/** `recordEventStatement` with the subject and payload as values too: what `recordEvent` runs. */
const RECORD_EVENT = fixedStatement<{ id: number }>(
  recordEventStatement({
    subject: sql`${sql.placeholder('subject')}::text`,
    payload: sql`${sql.placeholder('payload')}::jsonb`,
  }),
);

/** Rows no process is handling: not handled, attempts left, and not claimed in the last ten minutes. */
const claimable = () =>
  and(
    isNull(eventDeliveries.handledAt),
    lt(eventDeliveries.attempts, MAX_ATTEMPTS),
    // A claim older than ten minutes belongs to a process that died; another may take the row.
    or(isNull(eventDeliveries.claimedAt), lt(eventDeliveries.claimedAt, sql`now() - interval '10 minutes'`)),
  );

/**
 * Runs the handlers of these rows (after commit), or of every pending row when no ids are given
 * (the hourly retry). Returns how many were handled; a failure is kept on its row and logged, never
 * thrown. A row whose subscriber is no longer listed is left alone, for a person to look at.
 *
 * The rows are taken for this process in one statement (one attempt more each) and the handled ones
 * marked in one more, so an order's follow-ups cost two statements beside their handlers' own work.
 * A subscriber with a `many` handler gets all its rows of the claim at once (docs/decisions/075); when
 * that fails, each of its rows is handled alone, so a failure stays on the row that caused it.
 */
export async function handleEvents(db: Db, ids?: readonly number[], limit = 100): Promise<number> {
  if (installed === null || (ids !== undefined && ids.length === 0)) return 0;
  const subscribers = installed;
  const listed = or(
    ...[...subscribers.values()].map(({ config }) =>
      and(eq(eventDeliveries.event, config.event), eq(eventDeliveries.subscriber, config.subscriberId)),
    ),
  );
  if (listed === undefined) return 0;
  const oldest = db
    .select({ id: eventDeliveries.id })
    .from(eventDeliveries)
    .where(and(claimable(), listed, ids === undefined ? undefined : inArray(eventDeliveries.id, [...ids])))
    .orderBy(asc(eventDeliveries.id))
    .limit(limit);
  const claimed = await db
    .update(eventDeliveries)
    .set({ claimedAt: sql`now()`, attempts: sql`${eventDeliveries.attempts} + 1` })
    // Checked again on the row itself: another process may have taken it since the subquery read it.
    .where(and(inArray(eventDeliveries.id, oldest), claimable()))
    .returning();
  claimed.sort((one, other) => one.id - other.id);
  const handled: number[] = [];
  const bySubscriber = new Map<string, EventDeliveryRow[]>();
  for (const row of claimed) {
    const key = keyOf(row.event, row.subscriber);
    const rows = bySubscriber.get(key);
    if (rows === undefined) bySubscriber.set(key, [row]);
    else rows.push(row);
  }
  const alone: EventDeliveryRow[] = [];
  for (const [key, rows] of bySubscriber) {
    const many = subscribers.get(key)?.many;
    if (many === undefined || rows.length === 1) {
      alone.push(...rows);
      continue;
    }
    try {
      await many(db, rows.map((row) => row.payload) as never[]);
      handled.push(...rows.map((row) => row.id));
    } catch {
      // One of them failed: each is handled alone, and the one that fails keeps its own error.
      alone.push(...rows);
    }
  }
  alone.sort((one, other) => one.id - other.id);
  for (const row of alone) {
    const subscriber = subscribers.get(keyOf(row.event, row.subscriber));
    try {
      if (subscriber === undefined) throw new Error(`'${row.subscriber}' no longer subscribes to '${row.event}'`);
      await subscriber.default(db, row.payload as never);
      handled.push(row.id);
    } catch (error) {
      await db
        .update(eventDeliveries)
        .set({ claimedAt: null, lastError: describeError(error).slice(0, 500) })
        .where(eq(eventDeliveries.id, row.id));
      logError('events', `event ${row.id} (${row.event}: ${row.subscriber}) failed, left for retry`, error);
    }
  }
  if (handled.length > 0) {
    await db
      .update(eventDeliveries)
      .set({ handledAt: sql`now()`, claimedAt: null, lastError: null })
      .where(inArray(eventDeliveries.id, handled));
  }
  return handled.length;
}

/** Handles rows after commit; a failure here (the database gone) leaves them for the hourly retry. */
export async function handleEventsQuietly(db: Db, ids: readonly number[]): Promise<void> {
  try {
    await handleEvents(db, ids);
  } catch (error) {
    logError('events', 'events left for the hourly retry', error);
  }
}
