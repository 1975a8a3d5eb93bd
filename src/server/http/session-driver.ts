/**
 * The session store, chosen at run time (docs/decisions/009-accounts-and-identity.md): Redis when
 * REDIS_URL is set, else files under SESSION_DIR (default .data/sessions; both src/server/config.ts).
 * Astro's built-in drivers are configured at build time; this entrypoint (astro.config.mjs
 * `session.driver`) reads the configuration when the server starts, so one build serves both.
 */
import type { SessionDriver } from 'astro';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import redisDriver from 'unstorage/drivers/redis';
import { serverConfig } from '@/server/config';

type UnstorageDriver = ReturnType<typeof fsLiteDriver> | ReturnType<typeof redisDriver>;

function storeFor(): UnstorageDriver {
  const { redisUrl, sessionDir } = serverConfig();
  if (redisUrl) return redisDriver({ url: redisUrl, base: 'tuppence:session' });
  return fsLiteDriver({ base: sessionDir });
}

/** The driver Astro's session runtime calls (getItem, setItem, removeItem). */
export default function sessionDriver(): SessionDriver {
  const store = storeFor();
  const { getItem, setItem, removeItem } = store;
  if (!setItem || !removeItem) throw new Error('The session store cannot write');
  return {
    getItem: (key) => Promise.resolve(getItem.call(store, key, {})),
    setItem: (key, value) => Promise.resolve(setItem.call(store, key, value, {})),
    removeItem: (key) => Promise.resolve(removeItem.call(store, key, {})),
  };
}
