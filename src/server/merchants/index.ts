/**
 * The merchant service (docs/decisions/024): merchant members and their invitations, redeeming
 * vouchers with an audit of every attempt, and what the merchant dashboard reads. Members sign in
 * with their ordinary account; membership of a merchant is what opens its dashboard.
 */

export {
  CLOSURE_LEASE,
  CLOSURE_LEASE_MS,
  type ClosureLease,
  type ClosureReport,
  type ClosureRun,
  closeMerchant,
  findMerchants,
  type OperatorMerchant,
  refundClosedMerchants,
  retrieveClosureReport,
} from './closures';
export {
  listMerchantDeals,
  listMerchantVouchers,
  listRedemptionAttempts,
  type MerchantDeal,
  type MerchantVoucher,
  merchantReport,
  type RedemptionAttempt,
} from './dashboard';
export {
  type EvidenceInput,
  type EvidenceState,
  listOptionEvidence,
  type OptionEvidence,
  submitPriceEvidence,
} from './evidence';
export {
  acceptInvite,
  INVITE_LIFETIME_DAYS,
  type InviteView,
  inviteColleague,
  listPendingInvites,
  retrieveInvite,
  revokeInvite,
} from './invites';
export {
  listMembers,
  listMemberships,
  type Member,
  type Membership,
  removeMember,
  requireMembership,
  retrieveMembership,
} from './membership';
export { type Redeemed, type RedeemInput, redeemVoucher } from './redeem';
export {
  createRedeemThrottle,
  REDEEM_MEMBER_MISSES,
  REDEEM_MERCHANT_MISSES,
  REDEEM_WINDOW_SECONDS,
  type RedeemThrottle,
} from './throttle';
