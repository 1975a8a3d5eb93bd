/**
 * Where Google one-tap may show (spec 6: "A one-tap sign-in ... show[s] only for non-authenticated
 * users"; docs/decisions/055). It is offered on the ordinary browsing pages (home, listings, deals,
 * search, gifts, content) and the sign-in pages, never where a prompt would get in the way of paying
 * or of the account's own pages: checkout and its add-ons, the account and delete pages (spec 2
 * layouts that need a login), the merchant dashboard and the tools. Whether the visitor is a guest is
 * decided in the browser, as cached pages never know who is looking.
 */
const NEVER = [
  '/checkout',
  '/order-addon',
  '/myaccount',
  '/merchant',
  '/editor',
  '/operator',
  '/dev',
  '/consume-token',
];

/** Whether one-tap may be offered on `path`. */
export function isOneTapPage(path: string): boolean {
  return !NEVER.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
