/**
 * Who may see a voucher (docs/decisions/015-wallet-ledger-and-vouchers.md): its owner, or the guest
 * whose browser session bought its order. The web layer reads which orders a session bought
 * (src/server/http/voucher-access.ts) and asks this rule.
 */

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
