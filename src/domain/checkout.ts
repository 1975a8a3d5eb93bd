/**
 * Checkout rules (spec 3 "Checkout query parameters", spec 4 "Checkout status", spec 9 timings),
 * pure so the page, the island and the order service agree.
 */

/** spec 9: the payment session lasts 300 s; then the checkout is fetched again with timerElapsed. */
export const PAYMENT_SESSION_SECONDS = 300;
/** spec 9: after a refresh the countdown resets and the status returns to ready after 4000 ms. */
export const CHECKOUT_REFRESH_RESET_MS = 4000;

/** spec 4 checkout status. */
export type CheckoutStatus = 'loading' | 'ready' | 'updating' | 'refreshing' | 'refreshed';

export type CheckoutEvent =
  | 'loaded'
  | 'lineChangeStarted'
  | 'lineChangeFinished'
  | 'refreshStarted'
  | 'refreshFinished'
  | 'refreshSettled';

/**
 * spec 4: loading -> ready on load; updating -> ready on line changes; refreshing -> refreshed, then
 * (4 s later) ready. An event that does not apply leaves the status as it is.
 */
export function nextCheckoutStatus(status: CheckoutStatus, event: CheckoutEvent): CheckoutStatus {
  switch (event) {
    case 'loaded':
      return status === 'loading' ? 'ready' : status;
    case 'lineChangeStarted':
      return status === 'ready' ? 'updating' : status;
    case 'lineChangeFinished':
      return status === 'updating' ? 'ready' : status;
    case 'refreshStarted':
      return status === 'ready' || status === 'refreshed' ? 'refreshing' : status;
    case 'refreshFinished':
      return status === 'refreshing' ? 'refreshed' : status;
    case 'refreshSettled':
      return status === 'refreshed' ? 'ready' : status;
  }
}

/** spec 3 checkout query parameters. */
export interface CheckoutParams {
  deliveryOptions: boolean;
  gifting: boolean;
  giftPacks: boolean;
  porCheck: boolean;
  promoCode: string | null;
  vipChecked: boolean;
  wallet: boolean;
  /** spec 4: set when the payment session timer ran out. */
  timerElapsed: boolean;
}

/** spec 3: true for deliveryOptions, gifting, giftPacks and por_check; false for vipChecked and wallet. */
export const CHECKOUT_PARAM_DEFAULTS: Readonly<CheckoutParams> = {
  deliveryOptions: true,
  gifting: true,
  giftPacks: true,
  porCheck: true,
  promoCode: null,
  vipChecked: false,
  wallet: false,
  timerElapsed: false,
};

function flag(value: string | null, fallback: boolean): boolean {
  if (value === null) return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

/** Reads the spec 3 checkout parameters; anything missing or unreadable takes its default. */
export function parseCheckoutParams(query: URLSearchParams): CheckoutParams {
  const d = CHECKOUT_PARAM_DEFAULTS;
  const promo = query.get('promoCode')?.trim() ?? '';
  return {
    deliveryOptions: flag(query.get('deliveryOptions'), d.deliveryOptions),
    gifting: flag(query.get('gifting'), d.gifting),
    giftPacks: flag(query.get('giftPacks'), d.giftPacks),
    porCheck: flag(query.get('por_check'), d.porCheck),
    promoCode: promo === '' ? null : promo.slice(0, 40),
    vipChecked: flag(query.get('vipChecked'), d.vipChecked),
    wallet: flag(query.get('wallet'), d.wallet),
    timerElapsed: flag(query.get('timerElapsed'), d.timerElapsed),
  };
}

/** The query string for a checkout fetch: only what differs from the defaults, in a stable order. */
export function checkoutQuery(params: Partial<CheckoutParams>): string {
  const out = new URLSearchParams();
  const merged = { ...CHECKOUT_PARAM_DEFAULTS, ...params };
  const names: Record<Exclude<keyof CheckoutParams, 'promoCode'>, string> = {
    deliveryOptions: 'deliveryOptions',
    gifting: 'gifting',
    giftPacks: 'giftPacks',
    porCheck: 'por_check',
    vipChecked: 'vipChecked',
    wallet: 'wallet',
    timerElapsed: 'timerElapsed',
  };
  for (const [key, name] of Object.entries(names) as [Exclude<keyof CheckoutParams, 'promoCode'>, string][]) {
    if (merged[key] !== CHECKOUT_PARAM_DEFAULTS[key]) out.set(name, String(merged[key]));
  }
  if (merged.promoCode) out.set('promoCode', merged.promoCode);
  return out.toString();
}

/** spec 3 payment data: what the wallet pays and what is left for the card (walletUsed + cashAmount = total). */
export interface PaymentSplit {
  walletUsedMinor: number;
  cashAmountMinor: number;
}

/** The wallet pays as much of the order as it can when the shopper turns it on; the card pays the rest. */
export function splitPayment(totalMinor: number, walletBalanceMinor: number, useWallet: boolean): PaymentSplit {
  const total = Math.max(0, Math.trunc(totalMinor));
  const walletUsedMinor = useWallet ? Math.min(total, Math.max(0, Math.trunc(walletBalanceMinor))) : 0;
  return { walletUsedMinor, cashAmountMinor: total - walletUsedMinor };
}

/**
 * spec 4: checkout email confirmation is required when the flag is on and the buyer has no password
 * and no third-party login.
 */
export function needsEmailConfirmation(
  flagOn: boolean,
  account: { hasPassword: boolean; isThirdPartyLogin: boolean },
): boolean {
  return flagOn && !account.hasPassword && !account.isThirdPartyLogin;
}

/** "4:59": the payment session countdown as minutes and seconds. */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
