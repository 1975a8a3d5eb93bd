/**
 * Which device wallets the checkout offers (decision 016; spec 5 express options where the device
 * supports them): Google Pay is asked about, through the Payment Request API, only while this
 * deployment offers it (FEATURE_GOOGLE_PAY); off, no PaymentRequest is made, so the browser never
 * fetches Google's payment method manifest.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectDeviceWallets } from './device-wallet';

/** A browser's Payment Request API whose canMakePayment answers `answer`, counting the requests made. */
function paymentRequestApi(answer: boolean) {
  const made: unknown[][] = [];
  class FakePaymentRequest {
    constructor(...args: unknown[]) {
      made.push(args);
    }
    canMakePayment() {
      return Promise.resolve(answer);
    }
  }
  vi.stubGlobal('PaymentRequest', FakePaymentRequest);
  vi.stubGlobal('window', { PaymentRequest: FakePaymentRequest });
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('detectDeviceWallets', () => {
  it('with Google Pay off, never makes a PaymentRequest and does not offer Google Pay', async () => {
    const made = paymentRequestApi(true);
    expect(await detectDeviceWallets({ googlePay: false })).toEqual({ applePay: false, googlePay: false });
    expect(made).toHaveLength(0);
  });

  it('with Google Pay on, asks the browser for https://google.com/pay and offers it when it can pay', async () => {
    const made = paymentRequestApi(true);
    expect(await detectDeviceWallets({ googlePay: true })).toEqual({ applePay: false, googlePay: true });
    expect(made).toHaveLength(1);
    expect(made[0]?.[0]).toEqual([expect.objectContaining({ supportedMethods: 'https://google.com/pay' })]);
  });

  it('with Google Pay on, does not offer it where the browser cannot pay with it', async () => {
    paymentRequestApi(false);
    expect(await detectDeviceWallets({ googlePay: true })).toEqual({ applePay: false, googlePay: false });
  });

  it('with Google Pay off, still offers Apple Pay where the browser has it', async () => {
    paymentRequestApi(false);
    const applePaySession = { canMakePayments: () => true };
    vi.stubGlobal('window', { PaymentRequest: globalThis.PaymentRequest, ApplePaySession: applePaySession });
    expect(await detectDeviceWallets({ googlePay: false })).toEqual({ applePay: true, googlePay: false });
  });
});
