/**
 * The vouchers a shopper can extend now, each with every extension still open to it (the /extend
 * landing, spec 2 page type extendLanding; docs/decisions/052). The same rules and prices as the
 * add-on purchase (decision 026): a read of the shopper's own rows that locks nothing.
 */
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { type ExtensionOption, extensionOptions, extensionRefusal } from '@/domain/voucher-lifecycle';
import type { Db } from '@/server/db';
import { listLiveVouchers } from '@/server/vouchers';

/** One voucher that can be extended now, and what each extension would cost and do. */
export interface ExtensionOffer {
  voucherId: number;
  code: string;
  dealHeadline: string;
  productTitle: string;
  expiresAt: Date;
  currency: 'GBP' | 'EUR';
  options: ExtensionOption[];
}

/**
 * A signed-in shopper's vouchers that can be extended now, soonest expiry first. The VIP membership's
 * line is not a voucher to extend (docs/decisions/047), as My Vouchers does not offer it either.
 */
export async function listExtensionOffers(db: Db, userId: number, now: Date): Promise<ExtensionOffer[]> {
  const live = await listLiveVouchers(db, userId, now);
  return live
    .filter((voucher) => voucher.dealId !== VIP_SUBSCRIPTION_DEAL_ID && extensionRefusal(voucher, now) === null)
    .map((voucher) => ({
      voucherId: voucher.id,
      code: voucher.code,
      dealHeadline: voucher.dealHeadline,
      productTitle: voucher.productTitle,
      expiresAt: voucher.expiresAt,
      currency: voucher.currency,
      options: extensionOptions(voucher, voucher.unitPriceMinor),
    }));
}
