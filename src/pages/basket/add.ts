/**
 * The deal page's "Buy now" (issue 7): a plain form POST, so it works without JavaScript. Adds the
 * chosen option to the shopper's basket (a new one when there is none, or it was ordered) and
 * 303s to /checkout; a refusal (sold out, ended, ...) 303s back to the deal page, which shows it.
 */
import type { APIRoute } from 'astro';
import { AddToBasketFormSchema, type BasketProductInput } from '@/contracts/basket';
import { currentUser } from '@/server/accounts';
import {
  addToBasket,
  BasketError,
  basketTokenForRequest,
  createBasket,
  rememberBasket,
  retrievePricedBasket,
} from '@/server/basket';
import { getDb } from '@/server/db';
import { apiError, describeIssues } from '@/server/http';
import { logError } from '@/server/log';

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

export const POST: APIRoute = async (context) => {
  let form: FormData;
  try {
    form = await context.request.formData();
  } catch {
    return apiError(400, 'Send the deal page form.');
  }
  const parsed = AddToBasketFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return apiError(400, describeIssues(parsed.error));
  const { dealId, productId, quantity, nights } = parsed.data;
  const product: BasketProductInput = {
    dealId,
    dealProductId: productId,
    quantity,
    ...(nights === undefined ? {} : { numberOfNights: nights }),
    purchaseUrl: `/deal/${dealId}`,
  };
  try {
    const { db } = await getDb();
    const user = await currentUser(context);
    let token = await basketTokenForRequest(context, db, user);
    if (token !== null) {
      try {
        await addToBasket(db, token, product);
      } catch (error) {
        // Ordered (or gone) since the cookie was read: a new basket starts.
        if (!(error instanceof BasketError && error.code === 'basketNotFound')) throw error;
        token = null;
      }
    }
    token ??= await createBasket(db, {
      brand: context.locals.brand,
      customerToken: user?.customerToken ?? null,
      eligibleForVip: user?.isVip ?? false,
      products: [product],
    });
    const priced = await retrievePricedBasket(db, token, { userId: user?.id ?? null });
    rememberBasket(context, token, priced?.visibleQuantity ?? 0);
    return seeOther('/checkout');
  } catch (error) {
    if (error instanceof BasketError) return seeOther(`/deal/${dealId}?basket=${error.code}#options-heading`);
    logError('basket', 'add from the deal page failed', error);
    return seeOther(`/deal/${dealId}?basket=error#options-heading`);
  }
};
