/**
 * The basket's spec rules (spec 4 "Basket creation", spec 5 tokens and visible quantity), pure so
 * the service, the endpoints and the header island all ask the same question the same way.
 */

/** spec 5: a basket token is valid when it is longer than 10 characters, so the shortest is 11. */
export const BASKET_TOKEN_MIN = 11;

/** The basket cookies' names (spec 3 "basket token" cookie; the readable count the header island shows). */
export const BASKET_TOKEN_COOKIE = 'basket_token';
export const BASKET_QTY_COOKIE = 'basket_qty';

/**
 * spec 5 tokens: longer than 10 characters is valid; anything else (or no token) is not. A token is
 * also printable ASCII (ours are base64url), so a cookie holding control characters or a
 * NUL never reaches a query as if it were one.
 */
export function isValidBasketToken(token: unknown): token is string {
  return typeof token === 'string' && token.length >= BASKET_TOKEN_MIN && /^[\x21-\x7e]+$/.test(token);
}

/** The fields of a line that spec 4's merge carries over (dates, gift claim, deposit flag, quantity). */
export interface MergeableLine {
  dealProductId: number;
  quantity: number;
  checkInDate?: string | null;
  checkOutDate?: string | null;
  giftClaim?: boolean;
  payDeposit?: boolean;
}

/** What to do with each line after a merge; `keep` lines are existing ones nothing asked about. */
export interface BasketMerge<E extends MergeableLine, I extends MergeableLine> {
  keep: E[];
  update: { existing: E; next: I }[];
  add: I[];
  remove: E[];
}

/**
 * spec 4 "Basket creation": incoming lines are matched to existing ones by dealProductId.
 * - matched with zero quantity: the existing line is removed;
 * - matched otherwise: it is updated (dates, gift claim, deposit flag, and the quantity, at least 1);
 *   the incoming quantity replaces the old one (the shopper said how many they want, not how many more);
 * - unmatched with zero quantity: dropped; unmatched otherwise: added.
 * When the same product comes twice in one request, the last one wins.
 */
export function mergeBasketLines<E extends MergeableLine, I extends MergeableLine>(
  existing: readonly E[],
  incoming: readonly I[],
): BasketMerge<E, I> {
  const lastIncoming = new Map<number, I>();
  for (const line of incoming) lastIncoming.set(line.dealProductId, line);
  const byProduct = new Map(existing.map((line) => [line.dealProductId, line]));

  const result: BasketMerge<E, I> = { keep: [], update: [], add: [], remove: [] };
  for (const line of existing) {
    const next = lastIncoming.get(line.dealProductId);
    if (next === undefined) result.keep.push(line);
    else if (next.quantity <= 0) result.remove.push(line);
    else result.update.push({ existing: line, next: { ...next, quantity: Math.max(1, Math.floor(next.quantity)) } });
  }
  for (const next of lastIncoming.values()) {
    if (byProduct.has(next.dealProductId) || next.quantity <= 0) continue;
    result.add.push({ ...next, quantity: Math.max(1, Math.floor(next.quantity)) });
  }
  return result;
}

/** What spec 5's visible quantity looks at on a line. */
export interface CountedLine {
  isGiftPack: boolean;
  isGiftWrap: boolean;
  isVisible: boolean;
}

/**
 * spec 5: "The basket's visible quantity counts lines that are neither gift packs nor gift wraps
 * and are visible." Read literally it counts lines, not units: two tickets of one option are one
 * line and count 1 (docs/decisions/014).
 */
export function visibleQuantity(lines: readonly CountedLine[]): number {
  return lines.filter((line) => line.isVisible && !line.isGiftPack && !line.isGiftWrap).length;
}

/** spec 4: the basket quantity shows as empty text when zero. */
export function basketCountText(n: number): string {
  return Number.isFinite(n) && n > 0 ? String(Math.floor(n)) : '';
}

/** The header link's accessible name: "Basket, 0 items", "Basket, 1 item", "Basket, 3 items". */
export function basketCountLabel(n: number): string {
  const count = Number(basketCountText(n) || 0);
  return `Basket, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The visible quantity in a `document.cookie` string (its basket_qty cookie); 0 when absent or nonsense. */
export function basketCountFromCookies(cookieString: string): number {
  for (const part of cookieString.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name !== BASKET_QTY_COOKIE) continue;
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : 0;
  }
  return 0;
}
