/**
 * Guest access to vouchers (docs/decisions/015-wallet-ledger-and-vouchers.md): a guest who has just
 * bought has no login, so the pay call records the order in the session as `guestOrders`. The vouchers
 * page and the voucher PDF show those orders' vouchers, and only those, to that session (the rule is
 * the vouchers service's `canViewVoucher`).
 */
import type { APIContext, AstroSession } from 'astro';
import { getDb } from '@/server/db';
import { canViewVoucher, renderVoucherPdf, retrieveVoucher } from '@/server/vouchers';
import { apiError } from './api';
import { currentUser } from './session';

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
 * Records an order bought as a guest in this session (the pay call does), so the vouchers page and
 * the PDF show it to this browser. Idempotent: a replayed submit adds nothing.
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

/** The one account page a guest may see, and only with guest orders in the session. */
const GUEST_VOUCHER_PATH = '/myaccount/vouchers';

/**
 * The exception to the spec 2 login guard: a guest whose session bought something may open
 * /myaccount/vouchers (which then lists only those orders); every other account page still needs login.
 */
export async function isGuestVoucherVisit(
  session: Pick<AstroSession, 'get'> | undefined,
  path: string,
): Promise<boolean> {
  if (path.replace(/\/+$/, '') !== GUEST_VOUCHER_PATH) return false;
  return (await guestOrderIds(session)).length > 0;
}

/** Parses a voucher id from a path or query value; null when it is not a positive whole number. */
function parseVoucherId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

type VoucherContext = Pick<APIContext, 'session' | 'cookies' | 'url' | 'locals'>;

/**
 * The PDF of voucher `rawId` for this request's shopper, or a JSON 4xx; shared by GET
 * /api/v1/voucher/{id}/pdf and spec 7's /api/v1/deal/print-voucher?voucherId=. Anyone but the owner
 * or the guest session that bought it gets the same 404 as for a voucher that does not exist.
 */
export async function voucherPdfResponse(context: VoucherContext, rawId: string | null | undefined): Promise<Response> {
  const id = parseVoucherId(rawId);
  if (id === null) return apiError(400, 'The voucher id must be a number');
  const user = await currentUser(context);
  const viewer = { userId: user?.id ?? null, guestOrderIds: await guestOrderIds(context.session) };
  const { db } = await getDb();
  const voucher = await retrieveVoucher(db, id);
  if (voucher === null || !canViewVoucher(viewer, voucher)) return apiError(404, 'Voucher not found');
  const bytes = await renderVoucherPdf(voucher, { brand: context.locals.brand });
  return new Response(bytes.buffer as ArrayBuffer, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="voucher-${voucher.code}.pdf"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
    },
  });
}
