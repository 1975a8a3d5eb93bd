/** What every full page needs besides its own data: the header, from the request's location and brand. */
import { BRAND_INFO } from '@/domain/brands';
import { type HeaderData, retrieveHeaderData } from '@/server/catalog';
import { getDb } from '@/server/db';
import { publicUrl } from '@/server/runtime';

/** Header data for this request's location and brand. */
export async function loadHeader(locals: App.Locals): Promise<HeaderData> {
  const { db } = await getDb();
  return retrieveHeaderData(db, locals.location, BRAND_INFO[locals.brand].displayName);
}

/** The absolute canonical URL for a path on this site (query strings never belong in a canonical). */
export function canonicalFor(path: string): string {
  return publicUrl(path);
}
