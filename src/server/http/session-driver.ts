/**
 * The session store, chosen at run time (docs/decisions/009-accounts-and-identity.md): Redis when
 * REDIS_URL is set, else files under SESSION_DIR (default .data/sessions). Astro's built-in drivers are
 * configured at build time; this entrypoint (astro.config.mjs `session.driver`) reads the environment
 * when the server starts, so one build serves both.
 */
import path from 'node:path';
import type { SessionDriver } from 'astro';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import redisDriver from 'unstorage/drivers/redis';

type UnstorageDriver = ReturnType<typeof fsLiteDriver> | ReturnType<typeof redisDriver>;

function storeFor(): UnstorageDriver {
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) return redisDriver({ url: redisUrl, base: 'tuppence:session' });
  return fsLiteDriver({ base: process.env.SESSION_DIR ?? path.resolve(process.cwd(), '.data/sessions') });
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
