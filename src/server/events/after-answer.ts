/**
 * Handling events after the answer (docs/decisions/063): the code that raised an event hands its rows
 * here and answers at once; this process runs their subscribers moments later, in batches, through
 * the same `handleEvents` the hourly retry uses. Nothing is lost when it cannot: the rows were
 * written in the event's own transaction, so a handler that fails keeps its error on its row and a
 * process that dies first leaves its rows (or its claim, for ten minutes) to the hourly jobs, exactly
 * as when the subscribers ran before the answer.
 *
 * A few workers per process take the rows in batches: rows handed in while they work wait for a
 * worker's next batch, so a rush of orders is followed up in a few claims of many rows rather than
 * one claim per order, without the follow-ups of one order waiting for a thousand others.
 * `eventsSettled()` resolves once nothing is waiting or running: what a test, a script about to close
 * its database, or the purchase bench waits on instead of sleeping.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type Db, withPreparedStatements } from '@/server/db';
import { logError } from '@/server/log';
import { handleEvents } from './outbox';

/**
 * The most rows one claim takes (one `handleEvents` call): up to 24 orders' follow-ups (an order has
 * 7 subscribers), which the subscribers with a batch handler take in one go (docs/decisions/075).
 */
const BATCH_SIZE = 168;
/**
 * How many claims run at once. The subscribers wait on the database most of the time, so a few run
 * side by side (as they did when each request ran its own), leaving most of the pool's connections
 * to the requests.
 */
const WORKERS = 4;

/**
 * How long a worker waits, at most, for the rows of orders still under way before it claims what is
 * waiting (docs/decisions/075): in a rush a claim then holds several orders' rows, which the
 * subscribers with a batch handler take in one go; with no order under way it does not wait at all.
 */
const GATHER_MS = 100;

const waiting = new Map<Db, Set<number>>();
let working = 0;
/** Code under way that will hand rows in soon (`expectEvents`), and the workers waiting for it. */
let expected = 0;
let gathering: (() => void)[] = [];
let whenSettled: (() => void)[] = [];
const followingUp = new AsyncLocalStorage<true>();

/** Whether the code running now is a subscriber run by the drain (the bench counts its statements apart). */
export function isFollowUp(): boolean {
  return followingUp.getStore() === true;
}

/**
 * Hands committed event rows to this process's drain and returns at once; their subscribers run
 * after the caller's answer. Call only after the transaction that wrote the rows committed.
 */
export function handleEventsSoon(db: Db, ids: readonly number[]): void {
  if (ids.length === 0) return;
  let rows = waiting.get(db);
  if (rows === undefined) {
    rows = new Set();
    waiting.set(db, rows);
  }
  for (const id of ids) rows.add(id);
  const queued = queuedRows();
  wakeGatherers();
  // One more worker for each full batch waiting, up to WORKERS.
  while (working < WORKERS && (working === 0 || queued > working * BATCH_SIZE)) {
    working += 1;
    void work();
  }
}

/**
 * Says that the caller (an order being placed) may hand rows in soon; call what it returns when it is
 * done, whether it handed any in or not. While any is under way, a worker waits a little for them
 * (GATHER_MS) so one claim takes several orders' rows.
 */
export function expectEvents(): () => void {
  expected += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    expected -= 1;
    wakeGatherers();
  };
}

function queuedRows(): number {
  let queued = 0;
  for (const rows of waiting.values()) queued += rows.size;
  return queued;
}

function wakeGatherers(): void {
  const woken = gathering;
  gathering = [];
  for (const wake of woken) wake();
}

/** Waits while code is under way that will hand rows in, until a full batch is waiting or GATHER_MS passed. */
async function gathered(): Promise<void> {
  const until = performance.now() + GATHER_MS;
  for (;;) {
    const left = until - performance.now();
    if (expected === 0 || queuedRows() >= BATCH_SIZE || left <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, left);
      gathering.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** Resolves once every row handed to `handleEventsSoon` so far has been handled or left for the retry. */
export function eventsSettled(): Promise<void> {
  if (working === 0) return Promise.resolve();
  return new Promise((resolve) => whenSettled.push(resolve));
}

/** The next batch of one database's rows, taken off the waiting list. */
function nextBatch(): { db: Db; ids: number[] } | null {
  for (const [db, rows] of waiting) {
    const ids = [...rows].slice(0, BATCH_SIZE);
    for (const id of ids) rows.delete(id);
    if (rows.size === 0) waiting.delete(db);
    if (ids.length > 0) return { db, ids };
  }
  return null;
}

/** One worker: takes batches until none is waiting (in the same turn as the look, so none is missed). */
async function work(): Promise<void> {
  // After the current turn: the caller's answer goes out before any subscriber work starts.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    for (;;) {
      await gathered();
      // In the same turn as the exit below when nothing is waiting.
      const batch = nextBatch();
      if (batch === null) break;
      const { db, ids } = batch;
      try {
        // The same few statements for every order: kept prepared on PostgreSQL (docs/decisions/075).
        await followingUp.run(true, () => withPreparedStatements(() => handleEvents(db, ids, ids.length)));
      } catch (error) {
        // The database went away mid-claim: the rows stay owed, for the hourly retry.
        logError('events', 'events left for the hourly retry', error);
      }
    }
  } finally {
    // In the same turn as the last empty look at the list, so rows handed in later start a worker.
    working -= 1;
    if (working === 0) {
      const settled = whenSettled;
      whenSettled = [];
      for (const resolve of settled) resolve();
    }
  }
}
