/**
 * The basket service (docs/decisions/014; spec 3 Basket, spec 4 "Basket creation" and "Basket
 * reconciliation", spec 5 quantity rules, spec 7 basket calls). Callers import only this module. A
 * basket's id is its token; an ordered basket (the order transaction marks it) is treated as
 * absent, so a new one starts.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { BasketProductInput, PricedBasket, UpdateBasketLineInput } from '@/contracts/basket';
import { isValidBasketToken } from '@/domain/basket';
import { chosenMethod, POSTAL_DELIVERY_TYPE } from '@/domain/delivery';
import type { DynamicPriceVariant } from '@/domain/dynamic-price';
import { AppError, BasketError, Invalid } from '@/domain/errors';
import { changeGifting } from '@/domain/gifting';
import { LOGGED } from '@/domain/logged-messages';
import type { PricingWallet } from '@/domain/pricing';
import { clampQuantity } from '@/domain/purchase-cap';
import type { Db, DbOrTx } from '@/server/db';
import { logError } from '@/server/log';
import { checkPromoCode } from '@/server/promotions';
import { retrieveStayExtras } from '@/server/travel';
import {
  type GiftingRequest,
  type GiftingResult,
  giftingAfterQuantity,
  giftingStateOf,
  setLineGifting,
} from './gifting';
import { applyLines, lineOf, linesOf, shopperOf, touch } from './lines';
import { loadOfferings } from './offerings';
import { type BasketPricing, priceBasket, promoLinesOf } from './pricing';
import { type BasketLineRow, type BasketRow, basketLines, baskets } from './schema';

export type { PricedBasket, PricedLine } from '@/contracts/basket';
export { BasketError, type BasketErrorCode } from '@/domain/errors';
export type { GiftingRequest, GiftingResult } from './gifting';
export type { BasketPricing } from './pricing';

/** A basket with its lines, as stored. */
export type BasketWithLines = BasketRow & { lines: BasketLineRow[] };

/** spec 7 POST/PUT basket fields. */
export interface BasketInput {
  brand?: string;
  customerToken?: string | null;
  eligibleForVip?: boolean;
  products: BasketProductInput[];
}

/** A new basket token: 32 url-safe random characters (spec 5: longer than 10). */
function newToken(): string {
  return randomBytes(24).toString('base64url');
}

async function openBasket(db: Db, token: string): Promise<BasketRow> {
  if (!isValidBasketToken(token)) throw new BasketError('noBasketToken');
  const [basket] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, token), eq(baskets.status, 'open')))
    .limit(1);
  if (!basket) throw new BasketError('basketNotFound');
  return basket;
}

/** The open basket with this token and its lines, or null (unknown, invalid or ordered). */
export async function retrieveBasket(db: Db, token: string): Promise<BasketWithLines | null> {
  if (!isValidBasketToken(token)) return null;
  const [basket] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, token), eq(baskets.status, 'open')))
    .limit(1);
  return basket ? { ...basket, lines: await linesOf(db, basket.id) } : null;
}

/** The customer's latest open basket (spec 7 customer basket lookup), or null. */
export async function retrieveCustomerBasket(db: Db, customerToken: string): Promise<BasketWithLines | null> {
  const [basket] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.customerToken, customerToken), eq(baskets.status, 'open')))
    .orderBy(desc(baskets.updatedAt))
    .limit(1);
  return basket ? { ...basket, lines: await linesOf(db, basket.id) } : null;
}

/** spec 7 POST basket: a new basket with these lines (spec 4 merge rules, spec 5 bounds); returns its token. */
export async function createBasket(db: Db, input: BasketInput, options: ShownPriceOptions = {}): Promise<string> {
  const token = newToken();
  try {
    await insertBasket(db, token, input, options);
  } catch (error) {
    // A refusal (sold out, a bad quantity) is the shopper's answer; anything else is spec 8's log line.
    if (!(error instanceof AppError)) logError('basket', LOGGED.basketCreationFailed, error);
    throw error;
  }
  return token;
}

async function insertBasket(db: Db, token: string, input: BasketInput, options: ShownPriceOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const [basket] = await tx
      .insert(baskets)
      .values({
        id: token,
        brand: input.brand ?? 'tuppence',
        customerToken: input.customerToken ?? null,
        eligibleForVip: input.eligibleForVip ?? false,
      })
      .returning();
    if (!basket) throw new Error('basket insert returned nothing');
    await applyLines(tx, basket, input.products, options);
  });
}

/** spec 7 POST a product to a basket: added, or (the same option again) updated per spec 4. */
export async function addToBasket(
  db: Db,
  token: string,
  product: BasketProductInput,
  options: ShownPriceOptions = {},
): Promise<void> {
  const basket = await openBasket(db, token);
  await db.transaction((tx) => applyLines(tx, basket, [product], options));
}

/** spec 4 dynamic price variant the options were shown at (decision 058): the line keeps that lower price. */
export interface ShownPriceOptions {
  dynamicPrice?: DynamicPriceVariant;
}

/**
 * spec 7 PATCH a product, partial. Quantity 0 removes the line (spec 4); another quantity is
 * brought inside spec 5's bounds; the line's gift pack and wrap follow its quantity (spec 4,
 * docs/decisions/028).
 */
export async function updateBasketLine(
  db: Db,
  token: string,
  lineId: number,
  patch: UpdateBasketLineInput,
): Promise<void> {
  const basket = await openBasket(db, token);
  await db.transaction(async (tx) => {
    const line = await lineOf(tx, basket.id, lineId);
    if (patch.quantity === 0) {
      await tx.delete(basketLines).where(eq(basketLines.id, line.id));
      await touch(tx, basket.id);
      return;
    }
    const offering = (await loadOfferings(tx, [line.dealProductId], await shopperOf(tx, basket))).get(
      line.dealProductId,
    );
    if (offering === undefined) throw new BasketError('unknownProduct');
    const delivery = patch.deliveryOptionType ?? patch.gifting?.type;
    if (delivery !== undefined && !offering.product.deliveryOptions.includes(delivery)) {
      throw new BasketError('deliveryOptionUnavailable');
    }
    // docs/decisions/051: next day only where the posted product offers it.
    if (
      patch.shippingMethod !== undefined &&
      (offering.deal.deliveryType !== POSTAL_DELIVERY_TYPE ||
        chosenMethod(patch.shippingMethod, offering.product) !== patch.shippingMethod)
    ) {
      throw new BasketError('deliveryOptionUnavailable');
    }
    if (patch.quantity !== undefined && offering.unavailable !== null) throw new BasketError(offering.unavailable);
    const gift = patch.gift ?? patch.gifting?.gift;
    // spec 7 giftWrap: the wrap quantity by spec 4's rules (0 deletes the wrap).
    let wrap: { giftWrapQuantity: number } | Record<string, never> = {};
    if (patch.giftWrap !== undefined) {
      const outcome = changeGifting(giftingStateOf(line), { kind: 'wrap', quantity: patch.giftWrap }, line.quantity, {
        deliveryOptions: offering.product.deliveryOptions,
        giftWrap: offering.product.giftWrapAvailable,
      });
      if (!outcome.ok) throw new Invalid(outcome.message);
      wrap = { giftWrapQuantity: outcome.state.wrapQuantity };
    }
    await tx
      .update(basketLines)
      .set({
        ...(patch.quantity === undefined
          ? {}
          : giftingAfterQuantity(line, clampQuantity(patch.quantity, offering.bounds))),
        ...(patch.quantity === undefined ? {} : { quantity: clampQuantity(patch.quantity, offering.bounds) }),
        ...(gift === undefined ? {} : { gift }),
        ...(patch.payDeposit === undefined ? {} : { payDeposit: patch.payDeposit && offering.product.hasDeposit }),
        ...(delivery === undefined ? {} : { deliveryOptionType: delivery }),
        ...(patch.shippingMethod === undefined ? {} : { shippingMethod: patch.shippingMethod }),
        ...wrap,
      })
      .where(eq(basketLines.id, line.id));
    await touch(tx, basket.id);
  });
}

/** Changes one line's gifting (spec 4 "Gifting changes"); a refusal changes nothing. */
export async function changeLineGifting(db: Db, token: string, request: GiftingRequest): Promise<GiftingResult> {
  return setLineGifting(db, await openBasket(db, token), request);
}

/** spec 7 DELETE a product by line id. */
export async function removeBasketLine(db: Db, token: string, lineId: number): Promise<void> {
  const basket = await openBasket(db, token);
  await db.transaction(async (tx) => {
    const line = await lineOf(tx, basket.id, lineId);
    await tx.delete(basketLines).where(eq(basketLines.id, line.id));
    await touch(tx, basket.id);
  });
}

/** The basket's own fields; a basket owned by one customer is never handed to another. */
async function updateBasketFields(tx: DbOrTx, basket: BasketRow, input: Partial<BasketInput>) {
  const customerToken = input.customerToken ?? basket.customerToken;
  if (basket.customerToken !== null && customerToken !== basket.customerToken) throw new BasketError('basketOwned');
  const [updated] = await tx
    .update(baskets)
    .set({
      brand: input.brand ?? basket.brand,
      customerToken,
      eligibleForVip: input.eligibleForVip ?? basket.eligibleForVip,
    })
    .where(eq(baskets.id, basket.id))
    .returning();
  return updated ?? basket;
}

/** spec 7 PUT basket: its fields and exactly these lines (zero-quantity ones dropped). */
export async function replaceBasket(db: Db, token: string, input: BasketInput): Promise<void> {
  const basket = await openBasket(db, token);
  await db.transaction(async (tx) => {
    const updated = await updateBasketFields(tx, basket, input);
    await applyLines(tx, updated, input.products, { replace: true });
  });
}

/** spec 7 PATCH basket: the fields given, and the products merged in by spec 4's rules. */
export async function patchBasket(db: Db, token: string, input: Partial<BasketInput>): Promise<void> {
  const basket = await openBasket(db, token);
  await db.transaction(async (tx) => {
    const updated = await updateBasketFields(tx, basket, input);
    await applyLines(tx, updated, input.products ?? []);
  });
}

/**
 * The basket priced from the catalogue now, or null when it is absent or ordered. The per-user max
 * (spec 5) is the given user's, else that of the customer who owns the basket.
 */
export async function retrievePricedBasket(
  db: Db,
  token: string,
  options: { userId?: number | null } = {},
): Promise<PricedBasket | null> {
  return (await retrieveBasketPricing(db, token, options))?.basket ?? null;
}

/**
 * The priced basket with its price breakdown (the one pricing pipeline, src/domain/pricing.ts), or
 * null when it is absent or ordered. With a wallet, the breakdown says what the wallet pays and
 * what is left for the card: the checkout shows exactly what the order will charge.
 */
export async function retrieveBasketPricing(
  db: Db,
  token: string,
  options: { userId?: number | null; wallet?: PricingWallet | null; promoCode?: string | null; now?: Date } = {},
): Promise<BasketPricing | null> {
  const basket = await retrieveBasket(db, token);
  if (basket === null) return null;
  const shopper = await shopperOf(db, basket);
  const userId = options.userId ?? shopper.userId ?? null;
  const offerings = await loadOfferings(
    db,
    basket.lines.map((line) => line.dealProductId),
    { ...shopper, userId },
  );
  const wallet = options.wallet ?? null;
  const extras = await retrieveStayExtras(db, basket.lines);
  const supplements = new Map([...extras].map(([lineId, extra]) => [lineId, extra.supplementMinor]));
  if (!options.promoCode) return priceBasket(basket, basket.lines, offerings, wallet, null, supplements);
  // docs/decisions/021: the code is checked against the lines priced without it, then priced in, as the order does.
  const plain = priceBasket(basket, basket.lines, offerings, null, null, supplements);
  const promo = await checkPromoCode(db, {
    code: options.promoCode,
    userId,
    lines: promoLinesOf(plain, offerings),
    now: options.now ?? new Date(),
  });
  const priced = priceBasket(basket, basket.lines, offerings, wallet, promo.ok ? promo.promotion : null, supplements);
  return { ...priced, promo };
}

/**
 * spec 4 "Basket reconciliation" at login; returns the token to keep in the cookie, or null.
 * - The customer has a basket: its token is used, and the guest (cookie) basket's lines are merged
 *   into it (spec 4 merge rules; lines the customer cannot buy are skipped); the guest basket goes.
 * - The customer has none: the guest basket is patched with the customer token (and VIP flag).
 * A basket that already belongs to another customer is never taken over.
 */
export async function reconcileBasketAtLogin(
  db: Db,
  input: { cookieToken: string | null | undefined; user: { customerToken: string; isVip: boolean } },
): Promise<string | null> {
  const { user } = input;
  const owned = await retrieveCustomerBasket(db, user.customerToken);
  const cookie = input.cookieToken ? await retrieveBasket(db, input.cookieToken) : null;
  const guest = cookie !== null && cookie.customerToken === null ? cookie : null;
  if (owned === null) {
    if (guest === null) return cookie?.customerToken === user.customerToken ? cookie.id : null;
    await db
      .update(baskets)
      .set({ customerToken: user.customerToken, eligibleForVip: guest.eligibleForVip || user.isVip })
      .where(and(eq(baskets.id, guest.id), eq(baskets.status, 'open')));
    return guest.id;
  }
  if (guest !== null && guest.id !== owned.id) {
    await db.transaction(async (tx) => {
      await applyLines(
        tx,
        owned,
        guest.lines.map((line) => ({
          dealId: line.dealId,
          dealProductId: line.dealProductId,
          quantity: line.quantity,
          checkInDate: line.checkInDate,
          checkOutDate: line.checkOutDate,
          numberOfNights: line.numberOfNights,
          gift: line.gift,
          giftClaim: line.giftClaim,
          payDeposit: line.payDeposit,
          deliveryOptionType: line.deliveryOptionType as BasketProductInput['deliveryOptionType'],
          purchaseLocation: line.purchaseLocation,
          purchaseUrl: line.purchaseUrl,
          purchaseGclid: line.purchaseGclid,
          sessionPurchaseSource: line.sessionPurchaseSource,
        })),
        {
          skipUnavailable: true,
          // A price shown to the guest still holds in the customer's basket (decision 058).
          carriedShownPrices: new Map(
            guest.lines.flatMap((line) =>
              line.shownUnitPriceMinor !== null && line.shownPriceAt !== null
                ? [[line.dealProductId, { unitPriceMinor: line.shownUnitPriceMinor, shownAt: line.shownPriceAt }]]
                : [],
            ),
          ),
        },
      );
      // The guest basket's lines now live in the customer's; an emptied guest basket is not kept.
      await tx.delete(baskets).where(and(eq(baskets.id, guest.id), eq(baskets.status, 'open')));
    });
  }
  return owned.id;
}
export { mayUseBasket } from './access';
export { loadOfferings } from './offerings';
export { discardOpenBasket, setBasketsVipEligibility, takeOpenBasket } from './status';
