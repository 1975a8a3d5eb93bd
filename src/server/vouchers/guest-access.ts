/**
 * Guest access to vouchers (issue 7 part 3): a guest who has just bought has no login, so the pay
 * endpoint records the order in the Astro session as `guestOrders`. The vouchers page and the
 * voucher PDF show those orders' vouchers, and only those, to that session.
 */
import type { AstroSession } from 'astro';

/** The order ids this session bought as a guest; anything malformed counts as none. */
export async function guestOrderIds(session: Pick<AstroSession, 'get'> | undefined): Promise<number[]> {
  if (session === undefined) return [];
  const stored: unknown = await session.get('guestOrders');
  if (!Array.isArray(stored)) return [];
  return stored.filter((id): id is number => Number.isInteger(id) && id > 0);
}

/** How many recent guest orders a session remembers (a shopper buying again and again as a guest). */
const GUEST_ORDERS_KEPT = 20;

/**
 * Records an order bought as a guest in this session (the pay endpoint calls it), so the vouchers
 * page and the PDF show it to this browser. Idempotent: a replayed submit adds nothing.
 */
export async function rememberGuestOrder(
  session: Pick<AstroSession, 'get' | 'set'> | undefined,
  orderId: number,
): Promise<void> {
  if (session === undefined || !Number.isInteger(orderId) || orderId <= 0) return;
  const known = await guestOrderIds(session);
  if (known.includes(orderId)) return;
  session.set('guestOrders', [...known, orderId].slice(-GUEST_ORDERS_KEPT));
}

/** Who is asking: the signed-in shopper's id (or null) and the orders the session bought as a guest. */
export interface VoucherViewer {
  userId: number | null;
  guestOrderIds: readonly number[];
}

/** A voucher is shown to its owner, or to the guest session that bought its order; to no one else. */
export function canViewVoucher(viewer: VoucherViewer, voucher: { userId: number; orderId: number }): boolean {
  if (viewer.userId !== null && viewer.userId === voucher.userId) return true;
  return viewer.guestOrderIds.includes(voucher.orderId);
}

/** The one account page a guest may see, and only with guest orders in the session. */
export const GUEST_VOUCHER_PATH = '/myaccount/vouchers';

/**
 * Issue 7 exception to the spec 2 login guard: a guest whose session bought something may open
 * /myaccount/vouchers (which then lists only those orders); every other account page still needs login.
 */
export async function isGuestVoucherVisit(
  session: Pick<AstroSession, 'get'> | undefined,
  path: string,
): Promise<boolean> {
  if (path.replace(/\/+$/, '') !== GUEST_VOUCHER_PATH) return false;
  return (await guestOrderIds(session)).length > 0;
}
