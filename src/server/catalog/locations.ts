/** Locations change rarely: read once, keep for a minute, share across requests. */
import { asc } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { type Location, locations } from './schema';

const TTL_MS = 60_000;
let cached: { at: number; rows: Location[]; byShortName: Map<string, Location> } | undefined;

/** Every active location, sorted by name, from a one-minute cache. */
export async function listLocations(db: Db): Promise<Location[]> {
  return (await load(db)).rows;
}

/** The location with this short name, or null when there is none. */
export async function retrieveLocation(db: Db, shortName: string): Promise<Location | null> {
  return (await load(db)).byShortName.get(shortName.toLowerCase()) ?? null;
}

/** Short names of every location, for path rules (spec 2: a location page needs a known short name). */
export async function knownLocationNames(db: Db): Promise<ReadonlySet<string>> {
  return new Set((await load(db)).byShortName.keys());
}

/** Forget cached locations (after a reseed). */
export function clearLocationCache(): void {
  cached = undefined;
}

async function load(db: Db) {
  if (cached && Date.now() - cached.at < TTL_MS) return cached;
  const rows = await db.select().from(locations).orderBy(asc(locations.name));
  const active = rows.filter((l) => l.status === 'active');
  cached = { at: Date.now(), rows: active, byShortName: new Map(active.map((l) => [l.shortName, l])) };
  return cached;
}
