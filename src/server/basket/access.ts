/**
 * Who may read or change a basket by its token (spec 4 basket API): a customer's basket is that
 * signed-in customer's only; a guest basket (no customerToken) belongs to the browser whose
 * basket_token cookie names it (the cookie POST basket and the deal page set). A token alone is no
 * proof: anyone else is answered as if the basket did not exist.
 */
import type { UserRow } from '@/server/accounts/schema';

export function mayUseBasket(
  basket: { id: string; customerToken: string | null },
  request: { cookieToken: string | null; user: Pick<UserRow, 'customerToken'> | null },
): boolean {
  if (basket.customerToken !== null) return request.user?.customerToken === basket.customerToken;
  return request.cookieToken === basket.id;
}
