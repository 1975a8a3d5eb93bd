/**
 * Every kind of email the shop sends (decision 042), named once: the outbox row's `kind`. The email
 * tests draw one sample of each (tests/support/mail-samples.ts), so a new kind cannot go out untested.
 */
export const MAIL_KINDS = [
  // Orders and what follows them
  'order_confirmation',
  'addon_confirmation',
  'booking',
  'booking_merchant',
  // Posted products (docs/decisions/051): a parcel is on its way, with its tracking
  'order_dispatched',
  // Gifts
  'e_gift',
  'gift_card',
  // Accounts: links
  'sign_in',
  'confirm_email',
  'password_reset',
  'set_password',
  // Accounts: notices
  'register_existing',
  'password_changed',
  'password_activated',
  'password_reset_done',
  // VIP membership
  'vip_renewed',
  'vip_ended',
  'vip_renewal_reminder',
  'vip_cancelled',
  // Verified reviews (decision 046): the ask, a few days after a voucher is redeemed
  'review_request',
  // Merchants
  'merchant_invite',
  // A merchant closed: its vouchers refunded (docs/decisions/045)
  'merchant_closed_refund',
  // The 30-day delivery promise (docs/decisions/051): the merchant's dispatch reminder, the shopper's
  // late notice, the shopper's cancel-and-refund confirmation and the merchant's notice of it
  'dispatch_reminder',
  'late_delivery_notice',
  'late_delivery_cancelled',
  'late_delivery_merchant',
  // Deals emails (spec 7 email): the double opt-in, then marketing
  'email_verify',
  'basket_abandon',
] as const;

export type MailKind = (typeof MAIL_KINDS)[number];

/** Marketing mail: sent only with consent, carries List-Unsubscribe and the footer's links. */
export const MARKETING_KINDS: ReadonlySet<MailKind> = new Set<MailKind>(['basket_abandon']);
