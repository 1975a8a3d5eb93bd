/**
 * A browser that has Apple Pay or Google Pay (decision 016). Chromium here has neither, so a test that
 * needs one plays the device's part: `ApplePaySession` that can make payments, and a Payment
 * Request API whose canMakePayment says yes (what a phone with a card in Google Pay answers).
 * The checkout's own detection code runs unchanged against it.
 */
import type { Page } from '@playwright/test';

export async function emulateDeviceWallets(page: Page, wallets: { applePay: boolean; googlePay: boolean }) {
  await page.addInitScript((want) => {
    const w = window as unknown as Record<string, unknown>;
    if (want.applePay) {
      // A constructor with static methods, as Safari's is.
      const session = function applePaySession() {} as unknown as Record<string, unknown>;
      session.canMakePayments = () => true;
      session.supportsVersion = () => true;
      w.ApplePaySession = session;
    }
    if (want.googlePay && typeof PaymentRequest === 'function') {
      PaymentRequest.prototype.canMakePayment = async () => true;
    }
  }, wallets);
}
