/**
 * spec 7 checkout/config/gifting (decision 028): what gifting offers at checkout: the delivery options
 * and gift types (spec 3), the gift wrap price, the gift pack price steps (spec 9: 150 to 1500) and
 * the next-day surcharge, and the e-gift limits.
 */
import {
  DELIVERY_OPTIONS,
  EGIFT_MAX_DAYS_AHEAD,
  EGIFT_MESSAGE_MAX,
  GIFT_PACK_PRICE_STEPS,
  GIFT_TYPE_LABELS,
  GIFT_WRAP_PRICE_MINOR,
  NEXT_DAY_PACK_SURCHARGE_MINOR,
} from '@/domain/gifting';
import { endpoint } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  area: 'gifting',
  handler: () => ({
    deliveryOptions: [...DELIVERY_OPTIONS],
    giftTypes: Object.entries(GIFT_TYPE_LABELS).map(([type, label]) => ({ type, label })),
    giftWrapPreset: { quantity: 0, priceMinor: GIFT_WRAP_PRICE_MINOR },
    giftPackPreset: { priceSteps: [...GIFT_PACK_PRICE_STEPS], nextDaySurchargeMinor: NEXT_DAY_PACK_SURCHARGE_MINOR },
    eGift: { messageMax: EGIFT_MESSAGE_MAX, maxDaysAhead: EGIFT_MAX_DAYS_AHEAD },
  }),
});
