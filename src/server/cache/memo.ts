/**
 * Short-lived read caches for the catalogue: a shared page whose route cache was bypassed
 * (a new filter combination, a cold process) still answers from memory when the same data
 * was read in the last minute. Every cache registers itself so one call forgets them all
 * after a catalogue change (clearCatalogueCaches).
 */

const registry = new Set<Map<string, unknown>>();

export interface TtlCache<T> {
  /** The cached value for `key`, or the value `load` gives (concurrent callers share one load). */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

const sources = new WeakMap<object, number>();
let nextSource = 1;
/** A stable key part per database handle, so two databases in one process never share entries. */
export function sourceKey(source: object): number {
  const known = sources.get(source);
  if (known !== undefined) return known;
  const id = nextSource++;
  sources.set(source, id);
  return id;
}

/** A cache of at most `max` entries, each kept `ttlMs`; the oldest entry goes first when full. */
export function createTtlCache<T>(ttlMs: number, max: number): TtlCache<T> {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  registry.add(entries);
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      if (entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const value = load();
      entries.set(key, { at: Date.now(), value });
      // A failed read is never remembered.
      value.catch(() => entries.delete(key));
      return value;
    },
  };
}

/** Forgets every registered cache. */
export function clearMemoCaches(): void {
  for (const entries of registry) entries.clear();
}
