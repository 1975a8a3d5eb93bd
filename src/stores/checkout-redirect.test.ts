import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekPendingPayment, rememberPendingPayment, returnUrl, takeReturnedPayment } from './checkout-redirect';

/** A browser's sessionStorage and history, as far as the redirect flow uses them. */
function browser() {
  const stored = new Map<string, string>();
  const replaced: string[] = [];
  vi.stubGlobal('window', {
    location: { origin: 'https://shop.test', href: 'https://shop.test/checkout' },
    sessionStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
    history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) },
  });
  return { stored, replaced };
}

const pending = {
  method: 'paypal' as const,
  paypalCredit: false,
  key: 'attempt-1',
  email: 'guest@example.co.uk',
  saveInstrument: false,
};

describe('payments that leave the page (PayPal, Klarna, Clearpay)', () => {
  let page: ReturnType<typeof browser>;
  beforeEach(() => {
    page = browser();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names the method in the return address', () => {
    expect(returnUrl('klarna', 'https://shop.test')).toBe('https://shop.test/checkout?pm=klarna');
  });

  it('resumes the attempt that left, with its key, once: the query and the stored attempt are gone after', () => {
    rememberPendingPayment(pending, 1_000);
    const url = new URL('https://shop.test/checkout?pm=paypal&pm_status=approved&pm_token=nonce-1&wallet=true');
    const returned = takeReturnedPayment(url, 2_000);
    expect(returned).toEqual({ pending: { ...pending, startedAt: 1_000 }, status: 'approved', token: 'nonce-1' });
    // The other parameters stay; the provider's go.
    expect(page.replaced).toEqual(['/checkout?wallet=true']);
    expect(page.stored.size).toBe(0);
    expect(takeReturnedPayment(new URL('https://shop.test/checkout?wallet=true'), 2_000)).toBeNull();
  });

  it('does not resume an attempt older than 30 minutes: a new key is used', () => {
    rememberPendingPayment(pending, 0);
    const returned = takeReturnedPayment(
      new URL('https://shop.test/checkout?pm=paypal&pm_status=approved&pm_token=t'),
      31 * 60_000,
    );
    expect(returned?.pending.key).not.toBe('attempt-1');
    expect(returned?.pending.email).toBe('');
  });

  it('ignores a return for another method than the one that left, and an unknown status', () => {
    rememberPendingPayment(pending, 1_000);
    const other = takeReturnedPayment(new URL('https://shop.test/checkout?pm=klarna&pm_status=denied'), 2_000);
    expect(other?.pending.key).not.toBe('attempt-1');
    expect(other?.status).toBe('denied');
    expect(takeReturnedPayment(new URL('https://shop.test/checkout?pm=paypal&pm_status=hacked'), 2_000)).toBeNull();
  });

  it('lets a shopper who pressed Back find the attempt, without taking it', () => {
    rememberPendingPayment(pending, 1_000);
    expect(peekPendingPayment(2_000)?.email).toBe('guest@example.co.uk');
    expect(peekPendingPayment(2_000)?.email).toBe('guest@example.co.uk');
    expect(peekPendingPayment(31 * 60_000 + 1_000)).toBeNull();
  });
});
