/**
 * Which requests are personal (docs/decisions/009): account pages, the sign-in pages and the account API.
 * Only these read the session; they are never cached (Cache-Control: private, no-store), while
 * shared public pages stay free of anything personal and get the user from an island instead.
 */
import type { APIContext } from 'astro';
import { currentUser } from './session';

const PERSONAL_PREFIXES = [
  '/api/v1/',
  '/checkout',
  '/basket',
  '/logout',
  '/consume-token',
  '/forgot-password',
  '/dev/mailbox',
  '/wishlist',
  '/buy-again',
  '/recommended-for-you',
  '/partials/personal-rail',
  // The guide editor and its preview.
  '/editor',
  // A signed-in shopper's own email preferences (docs/decisions/049).
  '/email/preferences',
];
const PERSONAL_LAYOUTS = new Set(['account', 'delete', 'login']);

/** Cache-Control for every personal response. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** Whether this path (with its spec 2 layout, when known) shows or changes personal data. */
export function isPersonalRoute(path: string, layout: string | null): boolean {
  if (layout !== null && PERSONAL_LAYOUTS.has(layout)) return true;
  return PERSONAL_PREFIXES.some(
    (prefix) =>
      path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || path.startsWith(`${prefix}?`),
  );
}

/** The header's view of the signed-in user (Astro.locals.user), or null. */
export async function loadRequestUser(
  context: Pick<APIContext, 'session' | 'cookies' | 'url'>,
): Promise<App.Locals['user']> {
  const user = await currentUser(context);
  return user === null ? null : { firstName: user.firstName, email: user.email, isVip: user.isVip };
}
