/**
 * Putting something in the basket this request shops with (docs/decisions/014-basket.md): the
 * cookie's basket, else the signed-in shopper's latest open one, else a new one; the basket cookies
 * then name it with its new count. Used by the deal page's "Buy now" and by joining VIP.
 */
import type { APIContext } from 'astro';
import type { BasketProductInput } from '@/contracts/basket';
import { BasketError } from '@/domain/errors';
import type { UserRow } from '@/server/accounts/schema';
import { addToBasket, createBasket, retrieveBasket, retrievePricedBasket } from '@/server/basket';
import type { Db } from '@/server/db';
import { basketTokenForRequest, rememberBasket } from './basket-cookies';
import { shownPriceOptions } from './experiment-exposure';

/**
 * Adds `product` to the request's basket (a new basket when it has none, or it was ordered since the
 * cookie was read) and returns its token. `unlessPresent`: a basket already holding the deal keeps it
 * as it is (VIP is bought once).
 */
export async function addToRequestBasket(
  context: Pick<APIContext, 'cookies' | 'url'>,
  db: Db,
  input: { user: UserRow | null; brand: string; product: BasketProductInput; unlessPresent?: boolean },
): Promise<string> {
  const { user, product } = input;
  // spec 4: the line keeps the lower price this visitor's dynamic price variant showed (decision 058).
  const shownAt = shownPriceOptions(context);
  let token = await basketTokenForRequest(context, db, user);
  if (token !== null) {
    try {
      const basket = input.unlessPresent ? await retrieveBasket(db, token) : null;
      if (!basket?.lines.some((line) => line.dealId === product.dealId)) {
        await addToBasket(db, token, product, shownAt);
      }
    } catch (error) {
      // Ordered (or gone) since the cookie was read: a new basket starts.
      if (!(error instanceof BasketError && error.code === 'basketNotFound')) throw error;
      token = null;
    }
  }
  token ??= await createBasket(
    db,
    {
      brand: input.brand,
      customerToken: user?.customerToken ?? null,
      eligibleForVip: user?.isVip ?? false,
      products: [product],
    },
    shownAt,
  );
  const priced = await retrievePricedBasket(db, token, { userId: user?.id ?? null });
  rememberBasket(context, token, priced?.visibleQuantity ?? 0);
  return token;
}
