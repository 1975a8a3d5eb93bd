/**
 * Apple Pay and Google Pay at checkout (decision 016; PAYMENTS.md "PayPal, Apple Pay, Google Pay"):
 * offered only where the browser says it can pay (ApplePaySession.canMakePayments; the Payment
 * Request API's canMakePayment for Google Pay, asked only while FEATURE_GOOGLE_PAY is on), and
 * paid through the sandbox's payment sheet: a small modal dialog standing in for the device's own,
 * whose Pay asks the gateway for the wallet's test nonce. Vanilla DOM, so the checkout ships no
 * sheet library.
 */
import type { WalletTokenizeResponse } from '@/contracts/wallet-tokenize';
import { MESSAGES } from '@/domain/messages';
import { formatMoney } from '@/domain/money';
import type { PaymentAttempt, PaymentCredential } from '@/stores/checkout';
import type { DeviceWallets } from '@/stores/payment-choice';
import './device-wallet.css';

export type DeviceWallet = 'apple_pay' | 'google_pay';

/** How long the browser gets to say whether Google Pay can pay (it may look for a payment app). */
const GOOGLE_PAY_CHECK_MS = 1500;

/** The sandbox wallets' names and the test card each holds (PAYMENTS.md fake nonces). */
const SHEETS: Readonly<Record<DeviceWallet, { name: string; card: string }>> = {
  apple_pay: { name: 'Apple Pay', card: 'Visa •••• 1881' },
  google_pay: { name: 'Google Pay', card: 'Visa •••• 1111' },
};

/** Google Pay's Payment Request method data (TEST environment, cards through Braintree). */
const GOOGLE_PAY_METHOD = {
  supportedMethods: 'https://google.com/pay',
  data: {
    environment: 'TEST',
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantName: 'Tuppence' },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'], allowedCardNetworks: ['VISA', 'MASTERCARD'] },
        tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway: 'braintree' } },
      },
    ],
  },
};

function canApplePay(): boolean {
  try {
    const session = (window as unknown as { ApplePaySession?: { canMakePayments?: () => boolean } }).ApplePaySession;
    return typeof session?.canMakePayments === 'function' && session.canMakePayments() === true;
  } catch {
    return false;
  }
}

async function canGooglePay(): Promise<boolean> {
  if (typeof window.PaymentRequest !== 'function') return false;
  try {
    const request = new PaymentRequest([GOOGLE_PAY_METHOD], {
      total: { label: 'Tuppence', amount: { currency: 'GBP', value: '0.00' } },
    });
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), GOOGLE_PAY_CHECK_MS));
    return (await Promise.race([request.canMakePayment(), timeout])) === true;
  } catch {
    return false;
  }
}

/**
 * What this browser can pay with (spec 5: express options where the device supports them). Google Pay
 * is asked about only where this deployment offers it (FEATURE_GOOGLE_PAY): asking makes the browser
 * fetch Google's payment method manifest from https://google.com/pay, so without the switch no
 * PaymentRequest is made and Google Pay is not offered.
 */
export async function detectDeviceWallets(options: { googlePay: boolean }): Promise<DeviceWallets> {
  return { applePay: canApplePay(), googlePay: options.googlePay ? await canGooglePay() : false };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function isWalletToken(value: unknown): value is WalletTokenizeResponse {
  return typeof (value as WalletTokenizeResponse | null)?.nonce === 'string';
}

async function tokeniseWallet(gatewayUrl: string, wallet: DeviceWallet): Promise<string | PaymentCredential> {
  let response: Response;
  try {
    response = await fetch(`${gatewayUrl.replace(/\/+$/, '')}/wallets/tokenize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ wallet }),
    });
  } catch {
    return { kind: 'refused', message: MESSAGES.providerUnreachable };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isWalletToken(body)) return body.nonce;
  if (response.status === 503) return { kind: 'refused', message: MESSAGES.providerUnreachable };
  if (response.status === 504) return { kind: 'refused', message: MESSAGES.bankNoResponse };
  return { kind: 'refused', message: MESSAGES.paymentFailed };
}

/**
 * Opens the sandbox's payment sheet for the amount to pay. Pay answers `ready` with the wallet's
 * nonce; Cancel, Escape or closing it answers `dismissed`. Focus goes back to what opened it.
 */
export function payWithDeviceWallet(
  attempt: PaymentAttempt,
  options: { gatewayUrl: string; wallet: DeviceWallet },
): Promise<PaymentCredential> {
  const { wallet, gatewayUrl } = options;
  const sheet = SHEETS[wallet];
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const amount = formatMoney({ amountMinor: attempt.summary.cashAmount, currency: attempt.summary.currency });
  const titleId = `wallet-sheet-title-${wallet}`;

  const pay = element('button', { type: 'button', className: 'wallet-sheet__pay', textContent: `Pay ${amount}` });
  const cancel = element('button', { type: 'button', className: 'wallet-sheet__cancel', textContent: 'Cancel' });
  const status = element('p', { className: 'wallet-sheet__status' });
  status.setAttribute('role', 'status');
  const row = (term: string, detail: string) =>
    element('div', {}, [element('dt', {}, [term]), element('dd', {}, [detail])]);
  const dialog = element('dialog', { className: `wallet-sheet wallet-sheet--${wallet}` }, [
    element('h2', { id: titleId, className: 'wallet-sheet__title' }, [`${sheet.name} (sandbox)`]),
    element('dl', { className: 'wallet-sheet__details' }, [
      row('Merchant', 'Tuppence'),
      row('Amount', amount),
      row('Card', sheet.card),
    ]),
    element('p', { className: 'wallet-sheet__note' }, ['A test wallet: no real card is charged.']),
    status,
    element('div', { className: 'wallet-sheet__actions' }, [cancel, pay]),
  ]);
  dialog.setAttribute('aria-labelledby', titleId);

  return new Promise<PaymentCredential>((resolve) => {
    let answer: PaymentCredential = { kind: 'dismissed' };
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
      // After the checkout has re-rendered its pay button (enabled again when dismissed).
      setTimeout(() => opener?.focus(), 0);
    });
    // Escape cancels, except while Pay is on its way.
    dialog.addEventListener('cancel', (event) => {
      if (pay.disabled) event.preventDefault();
    });
    cancel.addEventListener('click', () => dialog.close());
    pay.addEventListener('click', async () => {
      pay.disabled = true;
      cancel.disabled = true;
      status.textContent = 'Paying…';
      const token = await tokeniseWallet(gatewayUrl, wallet);
      answer = typeof token === 'string' ? { kind: 'ready', method: wallet, nonce: token } : token;
      dialog.close();
    });
    document.body.append(dialog);
    dialog.showModal();
    pay.focus();
  });
}
