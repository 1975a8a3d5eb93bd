import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $expressBuy, buyWithExpressBuy } from './express-buy';

const choice = { dealId: 31000001, productId: 50000001, quantity: 1 };

/** A fake fetch answering in order (or failing like a dropped connection), recording each key sent. */
function serve(...answers: ({ status: number; body: unknown } | 'offline')[]) {
  const keys: string[] = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    keys.push(String(headers['Idempotency-Key']));
    const answer = answers.shift();
    if (answer === undefined || answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return keys;
}

describe('spec 4: Express Buy from the deal page', () => {
  beforeEach(() => {
    $expressBuy.set({ phase: 'offered', token: 'token-1', label: 'Visa ending 1111' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('spec 8: a refusal shows the message, and trying again is a new attempt with a new key', async () => {
    const refusal = { message: 'Requested deal cannot be purchased via Express Buy.', status: 422, reason: null };
    const keys = serve(
      { status: 422, body: refusal },
      { status: 201, body: { redirect: '/myaccount/vouchers?order=7' } },
    );
    expect(await buyWithExpressBuy(choice)).toBeNull();
    expect($expressBuy.get()).toMatchObject({ phase: 'refused', message: refusal.message });
    expect(await buyWithExpressBuy(choice)).toBe('/myaccount/vouchers?order=7');
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('a lost answer keeps the key, so the retry replays whatever the server did (one order, one charge)', async () => {
    const keys = serve('offline', { status: 201, body: { redirect: '/myaccount/vouchers?order=8' } });
    expect(await buyWithExpressBuy(choice)).toBeNull();
    expect($expressBuy.get()).toMatchObject({ phase: 'refused', message: 'Payment failed.' });
    expect(await buyWithExpressBuy(choice)).toBe('/myaccount/vouchers?order=8');
    expect(keys[0]).toBe(keys[1]);
    expect($expressBuy.get().phase).toBe('succeeded');
  });
});
