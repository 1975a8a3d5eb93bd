/**
 * The header's account area in the browser (spec 2 "account mini menu"; decision 067: no React for it).
 * AccountMenu.astro renders "Sign in" and, in a <template>, the signed-in menu; this loads the profile
 * through $user (spec 4 "Auth") and, once the auth check has found a shopper, shows the menu with their
 * first name, email and, for a VIP, the badge. spec 2: the navigation bar's VIP item (rendered hidden)
 * shows to everyone but a VIP once the auth check is finished.
 * Runs in the browser only; no server imports.
 */
import { $user, loadProfile, type UserState } from '@/stores/user';

/** Who the menu is for, or null while the auth check runs and for a guest. */
export function signedInShopper(state: UserState): { name: string; email: string; isVip: boolean } | null {
  if (!state.isAuthCheckFinished || !state.isAuthenticated || state.userprofile === null) return null;
  return { name: state.username, email: state.userprofile.email, isVip: state.userprofile.vipUser };
}

/** A copy of the template's menu for this shopper. */
export function accountMenuFor(
  template: HTMLTemplateElement,
  shopper: { name: string; email: string; isVip: boolean },
): Element | null {
  const menu = template.content.firstElementChild?.cloneNode(true);
  if (!(menu instanceof Element)) return null;
  // Text, never HTML: the name and email are the shopper's own input.
  menu.querySelector('[data-account-name]')?.replaceWith(shopper.name);
  const name = menu.querySelector('.account-menu__name');
  if (name) name.textContent = shopper.name;
  const email = menu.querySelector('.account-menu__email');
  if (email) email.textContent = shopper.email;
  if (!shopper.isVip) menu.querySelector('.account-menu__vip')?.remove();
  return menu;
}

/** Shows or hides the navigation bar's VIP items (spec 2: for everyone but a VIP). */
export function showVipItems(root: ParentNode, isVip: boolean): void {
  for (const item of root.querySelectorAll<HTMLElement>('[data-vip-item]')) item.hidden = isVip;
}

/** Wires the page's account area (none when a layout fills the header's `account` slot instead). */
export function startAccountMenu(doc: Document = document): void {
  const area = doc.querySelector<HTMLElement>('[data-account-area]');
  const template = area?.querySelector<HTMLTemplateElement>('template[data-account-menu]');
  const guest = area?.querySelector(':scope > a.account-link');
  if (!area || !template || !guest) return;
  let shown: Element = guest;
  let shownFor = '';
  const paint = (state: UserState): void => {
    const shopper = signedInShopper(state);
    if (state.isAuthCheckFinished) showVipItems(doc, shopper?.isVip === true);
    // The same shopper keeps the same menu (an open menu stays open).
    const key = shopper === null ? '' : JSON.stringify(shopper);
    if (key === shownFor) return;
    const next = shopper === null ? guest : accountMenuFor(template, shopper);
    if (next === null) return;
    shown.replaceWith(next);
    shown = next;
    shownFor = key;
  };
  $user.subscribe(paint);
  void loadProfile();
}
