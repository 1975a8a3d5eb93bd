/**
 * spec 7 user/campaign-credit-claim (spec 7 "POST credit validation: payload an id number"): a
 * signed-in shopper claims a credit-claim campaign's credit once. Answers spec 3's credit claim
 * response { status, creditAmount, currency } with 200 for SUCCESS, ALREADY_CLAIMED and INVALID
 * (statuses under 500 carry an answer); 401 "Please log in to claim your credit." for a guest; 400
 * for an id that is not digits (spec 5: ignored).
 */
import { CreditClaimRequestSchema, type CreditClaimResponse } from '@/contracts/promotions';
import { parseCreditValidation } from '@/domain/credit';
import { MESSAGES } from '@/domain/messages';

import { claimCampaignCredit } from '@/server/credit';
import { getDb } from '@/server/db';
import { apiError, currentUser, endpoint } from '@/server/http';

export const POST = endpoint({
  who: 'anyone',
  input: CreditClaimRequestSchema,
  area: 'credit',
  unexpected: MESSAGES.creditUnavailable,
  handler: async ({ input, context }): Promise<CreditClaimResponse | Response> => {
    const claimCode = parseCreditValidation(String(input.id));
    if (claimCode === null) return apiError(400, MESSAGES.creditOfferInvalid);
    const user = await currentUser(context);
    if (user === null) return apiError(401, MESSAGES.creditLoginToClaim);
    const { db } = await getDb();
    return claimCampaignCredit(db, { claimCode, userId: user.id, now: new Date() });
  },
});
