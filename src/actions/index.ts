/**
 * The Astro Actions islands and progressive forms call, by name (`actions.addToBasket`, `?_action=`).
 * The spec 7 JSON endpoints stay: they are the public API. Each feature keeps its actions in its own
 * file; an action is its zod input, a call into one service through the web layer (src/server/http),
 * and its failures through `answer()` (./answer.ts), which gives a refusal of the error family the
 * status its kind has everywhere and the wording a JSON endpoint gives
 * (docs/decisions/038-one-http-edge.md).
 */

import { accountActions } from './account';
import { addressActions } from './addresses';
import { bookingActions } from './bookings';
import { dealPageActions } from './deal-page';
import { dispatchActions } from './dispatch';
import { giftingActions } from './gifting';
import { guideActions } from './guides';
import { merchantActions } from './merchant';
import { paymentMethodActions } from './payment-methods';
import { reviewActions } from './reviews';
import { vipActions } from './vip';
import { voucherActions } from './vouchers';

export const server = {
  ...accountActions,
  ...addressActions,
  ...dealPageActions,
  ...giftingActions,
  ...paymentMethodActions,
  ...voucherActions,
  ...guideActions,
  ...merchantActions,
  ...dispatchActions,
  ...bookingActions,
  ...vipActions,
  ...reviewActions,
};
