/**
 * spec 7 /gift/create (decision 028): send one line of the caller's basket as a gift, or set its gift
 * wrap, with spec 4's "Gifting changes" rules. It is the checkout gifting page's change
 * (`changeLineGifting`, the same service function the setGifting action calls), so the JSON caller
 * and the form cannot disagree. Owner only: the basket is the signed-in customer's or the guest
 * basket this browser's cookie names; anyone else's is answered as if it did not exist (404).
 */
import { GiftCreateRequestSchema } from '@/contracts/gifting';
import { BasketError } from '@/domain/errors';

import { changeLineGifting, retrievePricedBasket } from '@/server/basket';
import { getDb } from '@/server/db';
import { basketTokenForRequest, currentUser, endpoint, json, ownBasketToken, rememberBasket } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: GiftCreateRequestSchema,
  area: 'gifting',
  handler: async ({ input, context }) => {
    const { db } = await getDb();
    const user = await currentUser(context);
    const token =
      input.token === undefined
        ? await basketTokenForRequest(context, db, user)
        : await ownBasketToken(context, input.token);
    if (token === null) throw new BasketError('basketNotFound');
    const result = await changeLineGifting(db, token, {
      lineId: input.productId,
      change:
        input.giftWrap === undefined
          ? { kind: 'delivery', delivery: input.deliveryOptionType ?? 'none' }
          : { kind: 'wrap', quantity: input.giftWrap },
      ...(input.eGift === undefined ? {} : { eGift: input.eGift }),
      ...(input.address === undefined ? {} : { address: input.address }),
      now: new Date(),
    });
    if (!result.ok) return json({ status: 400, message: result.message, problems: result.problems }, { status: 400 });
    const basket = await retrievePricedBasket(db, token, { userId: user?.id ?? null });
    if (basket === null) throw new BasketError('basketNotFound');
    rememberBasket(context, basket.id, basket.visibleQuantity);
    return { toast: result.toast, basket };
  },
});
