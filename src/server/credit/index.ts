/**
 * The credit service: credit-claim campaigns, promotional credit on eligible items, refer a friend,
 * and the grants ledger every credit is written to (docs/decisions/021). Its subscribers
 * (./subscribers) grant promotional credit and record referral rewards after an order commits;
 * `grantDueCredit` (the hourly jobs) pays referral credit after the refund window.
 */

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
export { type CreditTakeback, takeBackPromotionalCredit } from './takebacks';
