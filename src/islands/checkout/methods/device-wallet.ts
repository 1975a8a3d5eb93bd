/**
 * Apple Pay and Google Pay at checkout (issue 8): offered only where the browser says it can pay
 * (ApplePaySession; the Payment Request API), paid through the sandbox's payment sheet.
 * PLACEHOLDER until the device-wallet part of issue 8 lands.
 */
import type { PaymentAttempt, PaymentCredential } from '../../../stores/checkout';
import type { DeviceWallets } from '../../../stores/payment-choice';

/** What this browser can pay with. */
export async function detectDeviceWallets(): Promise<DeviceWallets> {
  return { applePay: false, googlePay: false };
}

export async function payWithDeviceWallet(
  _attempt: PaymentAttempt,
  _options: { gatewayUrl: string; wallet: 'apple_pay' | 'google_pay' },
): Promise<PaymentCredential> {
  return { kind: 'refused', message: 'Device wallets are not built yet.' };
}
