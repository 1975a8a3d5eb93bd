/**
 * The credit service (issue 17 items 2 to 5): credit-claim campaigns, promotional credit on
 * eligible items, refer a friend, and the grants ledger every credit is written to. Its order-event
 * handlers (registered on import) grant promotional credit and record referral rewards after an
 * order commits; `grantDueCredit` (the hourly jobs) pays referral credit after the refund window.
 */
import { onOrderPlaced } from '@/server/orders';
import { grantPromotionalCredit } from './promotional';
import { recordReferralReward } from './referrals';

export { campaignCreditExpiry, claimCampaignCredit } from './campaigns';
export { type CreditLine, listCredit } from './history';
export {
  type CreditCampaignView,
  createCreditCampaign,
  createPromotionalCreditOffer,
  endCreditCampaign,
  endPromotionalCreditOffer,
  listCreditCampaigns,
  listCreditGrants,
  listPromotionalCreditOffers,
  type PromotionalCreditOfferView,
} from './operator';
export { grantPromotionalCredit, promotionalCreditOfOrder } from './promotional';
export {
  type AttachOutcome,
  attachReferral,
  grantDueCredit,
  isReferralCode,
  type ReferralSummary,
  recordReferralEvent,
  recordReferralReward,
  referralCodeFor,
  retrieveReferralSummary,
} from './referrals';

onOrderPlaced('promotional-credit', async (db, event) => {
  await grantPromotionalCredit(db, event.orderId);
});
onOrderPlaced('referral-reward', async (db, event) => {
  await recordReferralReward(db, event.orderId);
});
