/**
 * spec 2: after login the user goes to the first that exists of a stored local redirect, a stored
 * redirect url, a stored post-login url, else the default account page.
 */

export const DEFAULT_POST_LOGIN_PATH = '/myaccount/vouchers';

/** Tabs, newlines and other control characters have no place in a redirect. */
function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f');
}

/**
 * A same-site path, or null: absolute URLs, protocol-relative "//host" and backslash tricks are
 * refused so a redirect can never leave the site.
 */
export function safeLocalPath(value: string | undefined | null): string | null {
  if (typeof value !== 'string') return null;
  const path = value.trim();
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\') || hasControlCharacter(path)) return null;
  if (path.length > 2000) return null;
  // Never back to the pages that sign in or out.
  if (/^\/(login|logout|register)(\/|\?|$)/.test(path)) return null;
  return path;
}

export interface StoredRedirects {
  localRedirect?: string | null;
  redirectUrl?: string | null;
  postLoginUrl?: string | null;
}

/** spec 2: where to go after signing in. */
export function postLoginDestination(stored: StoredRedirects): string {
  for (const candidate of [stored.localRedirect, stored.redirectUrl, stored.postLoginUrl]) {
    const path = safeLocalPath(candidate);
    if (path !== null) return path;
  }
  return DEFAULT_POST_LOGIN_PATH;
}
