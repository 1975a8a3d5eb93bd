/** Writing a first-party cookie from the page (path /, SameSite Lax, Secure on https). */
export function writeCookie(
  name: string,
  value: string,
  lifetime: { maxAgeSeconds: number } | { expires: Date },
): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const age = 'expires' in lifetime ? `expires=${lifetime.expires.toUTCString()}` : `max-age=${lifetime.maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the shop supports.
  document.cookie = `${name}=${value}; path=/; ${age}; samesite=lax${secure}`;
}
