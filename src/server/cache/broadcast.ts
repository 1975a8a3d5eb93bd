/**
 * Cache invalidation across processes (docs/decisions/031). Each process keeps its own route cache,
 * so a deal changed through one process must drop the pages of every process. With REDIS_URL set,
 * an invalidation is published on a Redis channel; every other process applies it to its own cache
 * and answers on an acknowledgement channel. The publisher waits for those answers (at most
 * ACK_TIMEOUT_MS), so once a change's response is sent, no process serves the old page: the next
 * request through any process renders afresh. Without REDIS_URL there is one process and publishing
 * does nothing.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { logError } from '@/server/log';

export interface Invalidation {
  path?: string;
  tags?: string | string[];
}

const CHANNEL = 'tuppence:cache:invalidate';
const ACK_CHANNEL = 'tuppence:cache:invalidated';
/** How long a publisher waits for the other processes' answers before going on without them. */
export const ACK_TIMEOUT_MS = 2000;

interface Message extends Invalidation {
  id: string;
  from: string;
}

export interface InvalidationBus {
  /** Tells every other process; resolves once they have applied it (or the wait ran out). */
  publish(invalidation: Invalidation): Promise<void>;
  close(): Promise<void>;
}

const quiet: InvalidationBus = { publish: async () => {}, close: async () => {} };

/**
 * Joins the processes sharing `redisUrl`. `apply` drops the pages (and anything else cached) for
 * an invalidation made elsewhere. Returns a bus that does nothing when `redisUrl` is empty.
 */
export function joinInvalidationBus(
  redisUrl: string | undefined,
  apply: (invalidation: Invalidation) => Promise<void>,
): InvalidationBus {
  if (!redisUrl) return quiet;
  const self = randomUUID();
  const options = { maxRetriesPerRequest: 2, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  /** Publishes waiting for answers: answers got so far, answers needed (known once PUBLISH answers). */
  const waiting = new Map<string, { got: number; need: number; done: () => void }>();
  for (const client of [publisher, subscriber]) {
    client.on('error', (error) => logError('cache', 'invalidation bus: Redis error', error));
  }
  const subscribed = subscriber.subscribe(CHANNEL, ACK_CHANNEL).catch((error) => {
    logError('cache', 'invalidation bus: could not subscribe', error);
  });

  subscriber.on('message', (channel: string, raw: string) => {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    if (channel === ACK_CHANNEL) {
      const wait = message.from === self ? waiting.get(message.id) : undefined;
      if (!wait) return;
      wait.got += 1;
      if (wait.got >= wait.need) wait.done();
      return;
    }
    if (message.from === self) return;
    void apply({ path: message.path, tags: message.tags })
      .catch((error) => logError('cache', 'invalidation bus: applying a remote invalidation failed', error))
      .then(() => publisher.publish(ACK_CHANNEL, JSON.stringify({ id: message.id, from: message.from })))
      .catch((error) => logError('cache', 'invalidation bus: acknowledging failed', error));
  });

  return {
    async publish(invalidation) {
      await subscribed;
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const answered = new Promise<void>((resolve) => {
        waiting.set(id, { got: 0, need: Number.POSITIVE_INFINITY, done: resolve });
        timer = setTimeout(resolve, ACK_TIMEOUT_MS);
        timer.unref();
      });
      try {
        // PUBLISH answers how many subscribers got it; this process is one of them.
        const receivers = await publisher.publish(CHANNEL, JSON.stringify({ ...invalidation, id, from: self }));
        const wait = waiting.get(id);
        if (!wait || receivers - 1 <= wait.got) return;
        wait.need = receivers - 1;
        await answered;
      } catch (error) {
        logError(
          'cache',
          'invalidation bus: publishing failed; other processes keep their pages until they expire',
          error,
        );
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
