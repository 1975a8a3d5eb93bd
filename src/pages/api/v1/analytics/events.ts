/**
 * POST /api/v1/analytics/events (spec 7 Analytics; spec 9 Timing; decision 059): the shop's own
 * analytics, one event a call from the browser's analytics module: a page view, the position of a
 * clicked deal card, or the order on the order confirmation. Stored only with the visitor's analytics
 * consent (spec 5 performance cookies, answered; PECR reg. 6): without it the answer is
 * `{ recorded: 0 }` and nothing is written. An order is the caller's own (signed in, or bought in this
 * session as a guest), read from the database, attributed to the newest entry of the purchase source
 * history, and tracked once however often it is reported. Answers 202 `{ recorded }`.
 */
import { AnalyticsEventSchema } from '@/contracts/analytics';
import { isAnalyticsAllowed } from '@/domain/analytics';
import { parseConsent } from '@/domain/consent';
import { NotFound } from '@/domain/errors';
import {
  attributedPurchaseSource,
  PURCHASE_SOURCE_HISTORY_COOKIE,
  readPurchaseSourceHistory,
} from '@/domain/purchase-source';
import { recordOrderTracking, recordPageEvent } from '@/server/analytics';
import { getDb } from '@/server/db';
import { consentCookieOf, currentUser, endpoint, guestOrderIds, json } from '@/server/http';
import { canViewVoucher, retrievePurchaseSummary } from '@/server/vouchers';

/** What a caller reads for an order that is not theirs (or does not exist): the same either way. */
export const ORDER_NOT_FOUND = 'No order of yours has this number.';

export const POST = endpoint({
  who: 'anyone',
  input: AnalyticsEventSchema,
  invalid: 'firstField',
  area: 'analytics',
  handler: async ({ input, context }) => {
    if (!isAnalyticsAllowed(parseConsent(consentCookieOf(context.cookies)))) {
      return json({ recorded: 0 }, { status: 202 });
    }
    const { db } = await getDb();
    if (input.type !== 'order') return json(await recordPageEvent(db, input), { status: 202 });

    const user = await currentUser(context);
    const viewer = {
      userId: user?.id ?? null,
      guestOrderIds: user === null ? await guestOrderIds(context.session) : [],
    };
    const order = await retrievePurchaseSummary(db, input.orderId);
    if (order === null || !canViewVoucher(viewer, order)) throw new NotFound(ORDER_NOT_FOUND);
    const history = readPurchaseSourceHistory(context.cookies.get(PURCHASE_SOURCE_HISTORY_COOKIE)?.value);
    const tracked = await recordOrderTracking(db, {
      orderId: order.orderId,
      totalMinor: order.totalMinor,
      currency: order.currency,
      purchaseSource: attributedPurchaseSource(history),
    });
    return json(tracked, { status: 202 });
  },
});
