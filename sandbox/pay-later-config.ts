/**
 * The pay-later sandboxes' constants and test data (PAYMENTS.md "Klarna (pay in 3) and Clearpay
 * (pay in 4)"), as the Klarna playground and Clearpay's sandbox document them: amount limits,
 * the shoppers and codes that approve or deny, and how long a session may wait for approval.
 */
import type { AmountRange } from '@/domain/payment-eligibility';

export type PayLaterProvider = 'klarna' | 'clearpay';

/** Klarna's own UK order-amount limits: 25.00 to 4,000.00 pounds, in pence. */
export const KLARNA_UK_LIMITS: AmountRange = { minMinor: 25_00, maxMinor: 4000_00 };

/** The currency each sandbox merchant account is set up for. */
export const PAY_LATER_CURRENCY = 'GBP';

/** What Clearpay's configuration call answers for the sandbox merchant: 1.00 to 1,200.00 GBP. */
export const CLEARPAY_MERCHANT_LIMITS: AmountRange = { minMinor: 1_00, maxMinor: 1200_00 };

/** A session (Klarna) or checkout token (Clearpay) expires unless approved and used within this. */
export const PAY_LATER_SESSION_MS = 60 * 60 * 1000;

/**
 * Klarna playground shoppers: customer+gb@klarna.com is approved; an address with "+denied" in
 * its local part (customer+gb+denied@klarna.com) is denied, as Klarna's sample data works.
 */
export const KLARNA_APPROVED_EMAIL = 'customer+gb@klarna.com';
export const KLARNA_DENIED_EMAIL = 'customer+gb+denied@klarna.com';

/** Klarna's one-time code: any 6 digits, except this one, which fails. */
export const KLARNA_FAILING_CODE = '999999';

/** Clearpay's sandbox SMS code: only this one passes. */
export const CLEARPAY_SMS_CODE = '111111';

/** Clearpay's sandbox card CVVs: 000 approves, 051 declines (any other well-formed CVV approves). */
export const CLEARPAY_APPROVING_CVV = '000';
export const CLEARPAY_DECLINING_CVV = '051';

/** Whether the Klarna playground denies this shopper. */
export function isKlarnaDeniedEmail(email: string): boolean {
  const local = email.trim().toLowerCase().split('@')[0] ?? '';
  return local.split('+').includes('denied');
}
