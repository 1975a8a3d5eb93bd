import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutView } from '@/contracts/checkout';
import { ADDRESS_MESSAGES } from '@/contracts/delivery';
import { CHECKOUT_REFRESH_RESET_MS, PAYMENT_SESSION_SECONDS } from '@/domain/checkout';
import { CARD_REASONS, MESSAGES } from '@/domain/messages';
import {
  $checkout,
  initCheckout,
  type SavedCardAuthentication,
  setEmail,
  submitPayment,
  tickPaymentSession,
} from './checkout';
import { $delivery, initDelivery, setAddressField } from './checkout-delivery';

function view(over: Partial<CheckoutView['orderSummary']> = {}, isGuest = true): CheckoutView {
  return {
    basketToken: 'basket-token-123456',
    deals: [],
    visibleQuantity: 1,
    orderSummary: {
      currency: 'GBP',
      subtotal: 3600,
      promotionDiscount: 0,
      postage: 0,
      gifting: 0,
      totalOrderAmount: 3600,
      walletUsed: 0,
      cashAmount: 3600,
      ...over,
    },
    canPay: true,
    promoCode: { code: null, applicable: false, message: null },
    giftingDetails: { giftWrap: [] },
    userInfo: {
      isGuest,
      email: isGuest ? null : 'ada@example.co.uk',
      paymentOptions: { creditBalances: [], paymentInstruments: [], eligibleOptions: ['credit_card'], withheld: [] },
      wallet: { balance: 0, useWallet: false },
    },
    countdown: { seconds: PAYMENT_SESSION_SECONDS },
    giftWrapPreset: { quantity: 0 },
    giftingConfig: { gifting: true, giftPacks: true, giftWrapPrice: 250 },
    giftPackPreset: { priceSteps: [150], nextDaySurcharge: 399 },
    isTravel: false,
    isTravelValid: true,
    delivery: { required: false, savedAddresses: [] },
  };
}

/** A fake fetch: answers in order, and records each call. */
function serve(...answers: { status: number; body: unknown }[]) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchImpl);
  return calls;
}

const nonce = async () => ({
  kind: 'ready' as const,
  method: 'credit_card' as const,
  nonce: 'tokencc_1',
  threeDSecureAuthenticationId: 'tds_1',
});
const ordered = {
  productOrder: { id: 41 },
  cardType: 'Visa',
  walletAmountUsed: 0,
  currency: 'GBP',
  message: MESSAGES.purchaseSuccessful,
  redirect: '/myaccount/vouchers?order=41',
};

describe('$checkout (spec 4 checkout status and payment)', () => {
  beforeEach(() => {
    keepMount($checkout);
  });
  afterEach(() => {
    cleanStores($checkout);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('spec 4: loading -> ready on load, with the 300 s payment session', () => {
    initCheckout(view());
    expect($checkout.get()).toMatchObject({ status: 'ready', secondsLeft: 300 });
  });

  it('spec 4: when the session runs out the checkout is fetched with timerElapsed, refreshed, then ready 4 s later', async () => {
    vi.useFakeTimers();
    initCheckout(view());
    const calls = serve({ status: 200, body: view({ totalOrderAmount: 3900, cashAmount: 3900, subtotal: 3900 }) });
    $checkout.setKey('secondsLeft', 1);
    tickPaymentSession();
    expect($checkout.get().status).toBe('refreshing');
    await vi.waitFor(() => expect($checkout.get().status).toBe('refreshed'));
    expect(calls[0]?.url).toContain('timerElapsed=true');
    expect($checkout.get().view?.orderSummary.totalOrderAmount).toBe(3900);
    vi.advanceTimersByTime(CHECKOUT_REFRESH_RESET_MS);
    expect($checkout.get()).toMatchObject({ status: 'ready', secondsLeft: 300 });
  });

  it('spec 8 / 9: a refresh with no answer in 20000 ms says "Connection timeout" and keeps the figures shown', async () => {
    vi.useFakeTimers();
    initCheckout(view());
    // The checkout call hangs: never answered, never failed.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    $checkout.setKey('secondsLeft', 1);
    tickPaymentSession();
    await vi.advanceTimersByTimeAsync(20_000);
    expect($checkout.get()).toMatchObject({ status: 'refreshed', notice: 'Connection timeout' });
    expect($checkout.get().view?.orderSummary.totalOrderAmount).toBe(view().orderSummary.totalOrderAmount);
  });

  it('sends the card nonce and its 3-D Secure authentication with an Idempotency-Key, and a second click while paying sends nothing', async () => {
    initCheckout(view());
    setEmail('guest@example.co.uk');
    const calls = serve({ status: 201, body: ordered });
    const first = submitPayment(nonce);
    expect($checkout.get().payment).toMatchObject({ phase: 'paying', message: MESSAGES.makingPayment });
    const second = await submitPayment(nonce);
    expect(second).toBeNull();
    expect(await first).toMatchObject({ productOrder: { id: 41 } });
    expect(calls).toHaveLength(1);
    const headers = new Headers(calls[0]?.init?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({
      nonce: 'tokencc_1',
      threeDSecureAuthenticationId: 'tds_1',
      cashAmount: 3600,
      paymentMethod: 'credit_card',
      email: 'guest@example.co.uk',
    });
    expect($checkout.get().payment).toMatchObject({ phase: 'succeeded', message: MESSAGES.purchaseSuccessful });
  });

  it('spec 8: a decline shows its message and reason; the next attempt uses a new key', async () => {
    initCheckout(view());
    setEmail('guest@example.co.uk');
    const calls = serve(
      {
        status: 402,
        body: { message: MESSAGES.paymentDidNotGoThrough, status: 402, reason: 'Your card was declined by your bank.' },
      },
      { status: 201, body: ordered },
    );
    expect(await submitPayment(nonce)).toBeNull();
    expect($checkout.get().payment).toEqual({
      phase: 'failed',
      message: MESSAGES.paymentDidNotGoThrough,
      reason: 'Your card was declined by your bank.',
    });
    await submitPayment(nonce);
    const keys = calls.map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    expect(keys[0]).not.toBe(keys[1]);
  });

  describe('decision 043: a saved card whose issuer asks to authenticate the payment', () => {
    const authenticationRequired = {
      status: 402,
      body: {
        message: MESSAGES.paymentDidNotGoThrough,
        status: 402,
        reason: CARD_REASONS.cannotAuthenticate,
        code: 'authenticationRequired',
      },
    };
    const savedCard = (authenticate: () => Promise<SavedCardAuthentication>) => async () => ({
      kind: 'ready' as const,
      method: 'credit_card' as const,
      instrumentMode: 'EXISTING' as const,
      instrumentId: 7,
      authenticate,
    });

    it('is authenticated, then paid again once with the authentication under a new key', async () => {
      initCheckout(view({}, false));
      const calls = serve(authenticationRequired, { status: 201, body: ordered });
      const authenticate = vi.fn(async () => ({ ok: true as const, authenticationId: 'tds_saved' }));

      expect(await submitPayment(savedCard(authenticate))).toMatchObject({ productOrder: { id: 41 } });

      expect(authenticate).toHaveBeenCalledOnce();
      expect(calls).toHaveLength(2);
      const [first, retry] = calls.map((call) => ({
        key: new Headers(call.init?.headers).get('Idempotency-Key'),
        body: JSON.parse(String(call.init?.body)),
      }));
      expect(first?.body).toMatchObject({ instrumentMode: 'EXISTING', instrumentId: 7 });
      expect(first?.body.threeDSecureAuthenticationId).toBeUndefined();
      expect(retry?.body).toMatchObject({
        instrumentMode: 'EXISTING',
        instrumentId: 7,
        threeDSecureAuthenticationId: 'tds_saved',
      });
      expect(retry?.key).not.toBe(first?.key);
      expect($checkout.get().payment.phase).toBe('succeeded');
    });

    it('a failed or abandoned authentication shows its message, pays nothing more, and is not tried again', async () => {
      initCheckout(view({}, false));
      const calls = serve(authenticationRequired, authenticationRequired);
      const authenticate = vi.fn(async () => ({
        ok: false as const,
        message: MESSAGES.paymentDidNotGoThrough,
        reason: CARD_REASONS.cannotAuthenticate,
      }));

      expect(await submitPayment(savedCard(authenticate))).toBeNull();

      expect(calls).toHaveLength(1);
      expect($checkout.get().payment).toEqual({
        phase: 'failed',
        message: MESSAGES.paymentDidNotGoThrough,
        reason: CARD_REASONS.cannotAuthenticate,
      });
      expect($checkout.get().attemptKey).toBeNull();
    });
  });

  it('keeps the key when the answer was lost or the first submit is still running, so a retry charges once', async () => {
    initCheckout(view());
    setEmail('guest@example.co.uk');
    const calls = serve(
      { status: 409, body: { message: 'still running', status: 409, code: 'inFlight' } },
      { status: 201, body: ordered },
    );
    await submitPayment(nonce);
    await submitPayment(nonce);
    const keys = calls.map((call) => new Headers(call.init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
  });

  it('spec 5: a guest without a valid email is stopped before the card is tokenised', async () => {
    initCheckout(view());
    const getNonce = vi.fn(nonce);
    const calls = serve();
    await submitPayment(getNonce);
    expect($checkout.get().emailError).toBe(MESSAGES.requiredField);
    setEmail('not-an-email');
    await submitPayment(getNonce);
    expect($checkout.get().emailError).toBe(MESSAGES.invalidEmail);
    expect(getNonce).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('an email that already has an account is shown under the email field, not as a failed payment', async () => {
    initCheckout(view());
    setEmail('taken@example.co.uk');
    serve({ status: 409, body: { message: 'Sign in to finish your purchase.', status: 409, code: 'signInRequired' } });
    await submitPayment(nonce);
    expect($checkout.get().emailError).toBe('Sign in to finish your purchase.');
    expect($checkout.get().payment.phase).toBe('idle');
  });

  it('a wallet-paid order asks for no card', async () => {
    initCheckout(view({ walletUsed: 3600, cashAmount: 0 }, false));
    const getNonce = vi.fn(nonce);
    const calls = serve({ status: 201, body: { ...ordered, cardType: null, walletAmountUsed: 3600 } });
    await submitPayment(getNonce);
    expect(getNonce).not.toHaveBeenCalled();
    expect(JSON.parse(String(calls[0]?.init?.body))).toMatchObject({
      paymentMethod: 'wallet',
      walletUsed: 3600,
      cashAmount: 0,
    });
  });
});

describe('$checkout with a posted product (docs/decisions/051)', () => {
  const posted = (): CheckoutView => ({ ...view(), delivery: { required: true, savedAddresses: [] } });
  const typeAddress = (postcode: string) => {
    for (const [field, value] of Object.entries({
      name: 'Ada Lovelace',
      line1: '12 Mill Lane',
      town: 'Leeds',
      postcode,
    })) {
      setAddressField(field as 'name', value);
    }
  };
  beforeEach(() => {
    keepMount($checkout);
    keepMount($delivery);
  });
  afterEach(() => {
    cleanStores($checkout, $delivery);
    vi.unstubAllGlobals();
  });

  it('a postcode that is not one is shown beside the field and nothing is paid', async () => {
    initCheckout(posted());
    initDelivery(posted());
    setEmail('guest@example.co.uk');
    typeAddress('LS1');
    const calls = serve();
    const getCredential = vi.fn(nonce);
    expect(await submitPayment(getCredential)).toBeNull();
    expect($delivery.get().errors).toEqual({ postcode: ADDRESS_MESSAGES.postcode });
    expect(getCredential).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
    expect($checkout.get().payment.phase).toBe('idle');
  });

  it('sends the checked address as delivery with the pay call, the postcode in Royal Mail form', async () => {
    initCheckout(posted());
    initDelivery(posted());
    setEmail('guest@example.co.uk');
    typeAddress('ls1 4ap');
    const calls = serve({ status: 201, body: ordered });
    expect(await submitPayment(nonce)).toEqual(ordered);
    const body = JSON.parse(String(calls[0]?.init?.body));
    expect(body.delivery).toEqual({
      name: 'Ada Lovelace',
      line1: '12 Mill Lane',
      line2: '',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      phone: '',
    });
    expect(body.saveDeliveryAddress).toBe(false);
  });

  it("the server's refusal of a field is shown beside it", async () => {
    initCheckout(posted());
    initDelivery(posted());
    setEmail('guest@example.co.uk');
    typeAddress('LS1 4AP');
    serve({ status: 400, body: { message: ADDRESS_MESSAGES.town, status: 400 } });
    expect(await submitPayment(nonce)).toBeNull();
    expect($delivery.get().errors).toEqual({ town: ADDRESS_MESSAGES.town });
  });
});
