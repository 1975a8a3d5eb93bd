/** spec 3 checkout data for a basket, priced from the database on every read, with the wallet split the pay call checks. */
import type { CheckoutView } from '@/contracts/checkout';
import { type CheckoutParams, PAYMENT_SESSION_SECONDS } from '@/domain/checkout';
import { GIFT_PACK_PRICE_STEPS, GIFT_WRAP_PRICE_MINOR, NEXT_DAY_PACK_SURCHARGE_MINOR } from '@/domain/gifting';
import type { UserRow } from '@/server/accounts/schema';
import { listSavedAddresses } from '@/server/addresses';
import { retrieveBasketPricing } from '@/server/basket';
import { type PaymentSettings, serverConfig } from '@/server/config';
import type { Db } from '@/server/db';
import { type PaymentProviders, paymentProviders } from '@/server/payments';
import { walletBalances } from '@/server/wallet';
import { eligibilityFor, explainWithheld, instrumentsFor, strictPayLater } from './payment-options';

export interface CheckoutDeps {
  providers?: PaymentProviders;
  /** The gateway and pay-later settings; default the configuration's (src/server/config.ts). */
  payments?: PaymentSettings;
}

/** spec 3 checkout data; an absent or ordered basket gives the empty checkout. */
export async function loadCheckout(
  db: Db,
  input: { basketToken: string | null; user: UserRow | null; params: CheckoutParams; now: Date },
  deps: CheckoutDeps = {},
): Promise<CheckoutView> {
  const { user, params, now } = input;
  const balances = user === null ? [] : await walletBalances(db, user.id, now);
  // The one pricing pipeline (src/domain/pricing.ts), wallet included, so the summary is what the order charges.
  const pricing =
    input.basketToken === null
      ? null
      : await retrieveBasketPricing(db, input.basketToken, {
          userId: user?.id,
          promoCode: params.promoCode,
          now,
          wallet: {
            use: params.wallet && user !== null,
            balances: balances.map((b) => ({ currency: b.currency, balanceMinor: b.balance })),
          },
        });
  const live = pricing !== null && pricing.basket.status === 'open' ? pricing : null;
  const lines = live?.basket.lines ?? [];
  const currency = live?.breakdown.currency ?? 'GBP';
  const total = live?.breakdown.totalMinor ?? 0;
  const balance = balances.find((b) => b.currency === currency)?.balance ?? 0;
  const useWallet = params.wallet && user !== null && balance > 0;
  const split = {
    walletUsedMinor: live?.breakdown.paidBy.walletMinor ?? 0,
    cashAmountMinor: live?.breakdown.paidBy.cashMinor ?? 0,
  };
  const travelLines = lines.filter((line) => line.isTravel);
  // docs/decisions/051: a line that ships asks for an address; a signed-in shopper picks a saved one.
  const shipsSomething = lines.some((line) => line.shipping !== null);
  const savedAddresses = shipsSomething && user !== null ? await listSavedAddresses(db, user.id) : [];
  const instruments = await instrumentsFor(db, user);
  const payments = deps.payments ?? serverConfig().payments;
  const eligibility =
    lines.length === 0
      ? null
      : await eligibilityFor(deps.providers ?? paymentProviders({ gateway: payments.gateway }), {
          user,
          instruments,
          lines,
          orderTotalMinor: total,
          chargeMinor: split.cashAmountMinor,
          currency,
          strictPayLater: strictPayLater(payments),
        });
  return {
    basketToken: live?.basket.id ?? null,
    deals: lines,
    visibleQuantity: live?.basket.visibleQuantity ?? 0,
    orderSummary: {
      currency,
      subtotal: live?.breakdown.subtotalMinor ?? 0,
      promotionDiscount: live?.breakdown.promotion?.discountMinor ?? 0,
      postage: live?.breakdown.postageMinor ?? 0,
      gifting: live?.breakdown.giftingMinor ?? 0,
      totalOrderAmount: total,
      walletUsed: split.walletUsedMinor,
      cashAmount: split.cashAmountMinor,
    },
    canPay: lines.length > 0 && lines.every((line) => line.isAvailable),
    // spec 3 promoCode (applicable, message); the code asked for is echoed so the pay call sends it.
    promoCode:
      params.promoCode === null || live === null || live.promo === undefined
        ? { code: null, applicable: false, message: null }
        : {
            // The code as the shop writes it (upper case) once it applies, as typed while it does not.
            code: live.promo.ok ? live.promo.promotion.code : params.promoCode,
            applicable: live.promo.ok,
            message: live.promo.message,
          },
    // spec 3 giftingDetails: the wrapped lines' deal and product.
    giftingDetails: {
      giftWrap: lines
        .filter((line) => line.gifting.wrapQuantity > 0)
        .map((line) => ({ dealId: line.dealId, productId: line.dealProductId })),
    },
    userInfo: {
      isGuest: user === null,
      email: user?.email ?? null,
      paymentOptions: {
        creditBalances: balances,
        paymentInstruments: instruments,
        eligibleOptions: eligibility?.offered ?? [],
        withheld: eligibility === null ? [] : explainWithheld(eligibility),
      },
      wallet: { balance, useWallet },
    },
    countdown: { seconds: PAYMENT_SESSION_SECONDS },
    // spec 3: the default gift wrap preset is quantity 0.
    giftWrapPreset: { quantity: 0 },
    giftingConfig: { gifting: params.gifting, giftPacks: params.giftPacks, giftWrapPrice: GIFT_WRAP_PRICE_MINOR },
    giftPackPreset: { priceSteps: [...GIFT_PACK_PRICE_STEPS], nextDaySurcharge: NEXT_DAY_PACK_SURCHARGE_MINOR },
    isTravel: travelLines.length > 0,
    isTravelValid: travelLines.every(
      (line) => line.isAvailable && (line.checkInDate !== null || line.numberOfNights !== null),
    ),
    delivery: { required: shipsSomething, savedAddresses },
  };
}
