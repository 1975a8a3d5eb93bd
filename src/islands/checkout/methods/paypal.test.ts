import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/domain/messages';
import type { PaymentAttempt } from '@/stores/checkout';
import { startPayPal } from './paypal';

const attempt: PaymentAttempt = {
  key: 'attempt-key-1',
  email: 'guest@example.co.uk',
  useWallet: false,
  summary: {
    currency: 'GBP',
    subtotal: 3600,
    promotionDiscount: 0,
    postage: 0,
    gifting: 0,
    totalOrderAmount: 3600,
    walletUsed: 1000,
    cashAmount: 2600,
  },
};

/** A fake gateway answering once with `status` and `body`, or failing like a dropped connection. */
function gateway(answer: { status: number; body: unknown } | 'offline') {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  const visited: string[] = [];
  return { calls, visited, deps: { fetchImpl, goTo: (url: string) => visited.push(url), origin: 'http://shop.test' } };
}

const created = { id: 'PAYID-1', approvalUrl: 'http://sandbox.test/paypal/approve?id=PAYID-1' };

describe('startPayPal (the PayPal approval flow)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('creates the payment for the amount left to pay, remembers the attempt and goes to PayPal', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('window', { sessionStorage: { setItem: (k: string, v: string) => stored.set(k, v) } });
    const fake = gateway({ status: 201, body: created });
    const answer = await startPayPal(
      attempt,
      { gatewayUrl: 'http://sandbox.test/', credit: false, save: false },
      fake.deps,
    );
    expect(answer).toEqual({ kind: 'redirected' });
    expect(fake.calls[0]?.url).toBe('http://sandbox.test/paypal/payments');
    expect(fake.calls[0]?.init?.credentials).toBe('omit');
    expect(JSON.parse(String(fake.calls[0]?.init?.body))).toEqual({
      amountMinor: 2600,
      currency: 'GBP',
      credit: false,
      flow: 'checkout',
      returnUrl: 'http://shop.test/checkout?pm=paypal',
    });
    expect(fake.visited).toEqual([created.approvalUrl]);
    expect(JSON.parse([...stored.values()][0] ?? '{}')).toMatchObject({
      method: 'paypal',
      paypalCredit: false,
      key: 'attempt-key-1',
      email: 'guest@example.co.uk',
      saveInstrument: false,
    });
  });

  it('keeps the account (vault flow) only for plain PayPal, never for PayPal Credit', async () => {
    const plain = gateway({ status: 201, body: created });
    await startPayPal(attempt, { gatewayUrl: 'http://sandbox.test', credit: false, save: true }, plain.deps);
    expect(JSON.parse(String(plain.calls[0]?.init?.body))).toMatchObject({ credit: false, flow: 'vault' });
    const credit = gateway({ status: 201, body: created });
    await startPayPal(attempt, { gatewayUrl: 'http://sandbox.test', credit: true, save: true }, credit.deps);
    expect(JSON.parse(String(credit.calls[0]?.init?.body))).toMatchObject({ credit: true, flow: 'checkout' });
  });

  it.each([
    ['unreachable (503)', { status: 503, body: { message: 'down' } }, MESSAGES.providerUnreachable],
    ['offline', 'offline' as const, MESSAGES.providerUnreachable],
    ['no answer in time (504)', { status: 504, body: {} }, MESSAGES.bankNoResponse],
    ['refused (400)', { status: 400, body: { message: 'returnUrl must be a path' } }, MESSAGES.paymentFailed],
  ])('spec 8: a gateway %s stays on the checkout with its message', async (_name, answer, message) => {
    const fake = gateway(answer);
    const result = await startPayPal(
      attempt,
      { gatewayUrl: 'http://sandbox.test', credit: false, save: false },
      fake.deps,
    );
    expect(result).toMatchObject({ kind: 'refused', message });
    expect(fake.visited).toEqual([]);
  });
});
