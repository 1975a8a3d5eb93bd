/**
 * An absolute URL on the shop's public origin (SITE_URL, read at run time), never on the request's
 * Host header, which a client sets: an emailed link must not point at a host someone else chose.
 * Components call this with `Astro.locals.publicOrigin`; the server's publicUrl (src/server/runtime) too.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, new URL(siteUrl).origin).toString();
}

/**
 * Whether a string is an absolute http(s) URL with no credentials, spaces or backslashes in it: the
 * only kind of address one app may send the shopper to (a provider's page, its way back to the shop).
 * A plain function here, so the checkout island can check a redirect without bringing zod to the browser.
 */
export function isWebUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
}
