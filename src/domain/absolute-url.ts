/**
 * An absolute URL on the shop's public origin (SITE_URL, read at run time), never on the request's
 * Host header, which a client sets: an emailed link must not point at a host someone else chose.
 * Components call this with `Astro.locals.publicOrigin`; the server's publicUrl (src/server/runtime) too.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, new URL(siteUrl).origin).toString();
}
