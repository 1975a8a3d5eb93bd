import { afterEach, describe, expect, it } from 'vitest';
import { $creditToast, type ClaimEnvironment, CREDIT_CLAIM_STORAGE_KEY, claimPendingCredit } from './credit-claim';

function environment(
  href: string,
  answer: { status: number; body?: unknown } | 'offline',
  stored: string | null = null,
) {
  const storage = new Map<string, string>(stored === null ? [] : [[CREDIT_CLAIM_STORAGE_KEY, stored]]);
  const posted: unknown[] = [];
  const replaced: string[] = [];
  const env: ClaimEnvironment = {
    location: new URL(href),
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
    replaceUrl: (url) => void replaced.push(url.toString()),
    post: async (body) => {
      posted.push(body);
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(answer.body ?? {}), { status: answer.status });
    },
  };
  return { env, storage, posted, replaced };
}

describe('spec 4 credit claim (?credit_validation=) and its spec 8 toasts', () => {
  afterEach(() => $creditToast.set(null));

  it('a signed-in shopper: SUCCESS toast with the amount in pounds and a terms link; the code leaves the address', async () => {
    const { env, storage, posted, replaced } = environment('https://shop.test/deals/london?credit_validation=123&x=1', {
      status: 200,
      body: { status: 'SUCCESS', creditAmount: 500, currency: 'GBP' },
    });
    const toast = await claimPendingCredit(env);
    expect(posted).toEqual([{ id: '123' }]);
    expect(replaced).toEqual(['https://shop.test/deals/london?x=1']);
    expect(toast).toEqual({
      tone: 'success',
      message: "Your £5 credit has been applied to your account. You'll see it when you get to checkout!",
      link: { href: '/page/promo', text: 'Terms apply' },
    });
    expect(storage.size).toBe(0);
    expect($creditToast.get()).toEqual(toast);
  });

  it('a euro offer shows the euro sign; a repeat is the already-received toast', async () => {
    const euro = environment('https://shop.test/?credit_validation=7', {
      status: 200,
      body: { status: 'ALREADY_CLAIMED', creditAmount: 1000, currency: 'EUR' },
    });
    expect((await claimPendingCredit(euro.env))?.message).toBe(
      "You've already received your €10 credit from this offer.",
    );
  });

  it('a guest is asked to log in and the code waits in session storage, then is claimed after login', async () => {
    const guest = environment('https://shop.test/deals/london?credit_validation=123', { status: 401 });
    const toast = await claimPendingCredit(guest.env);
    expect(toast).toMatchObject({ tone: 'info', message: 'Please log in to claim your credit.' });
    expect(toast?.link?.href).toBe('/login?redirect=%2Fdeals%2Flondon');
    expect(guest.storage.get(CREDIT_CLAIM_STORAGE_KEY)).toBe('123');

    const back = environment(
      'https://shop.test/myaccount/vouchers',
      { status: 200, body: { status: 'SUCCESS', creditAmount: 250, currency: 'GBP' } },
      '123',
    );
    expect((await claimPendingCredit(back.env))?.message).toContain('Your £2.50 credit has been applied');
    expect(back.posted).toEqual([{ id: '123' }]);
    expect(back.storage.size).toBe(0);
  });

  it('spec 5: a value that is not digits only does nothing', async () => {
    const { env, posted, replaced } = environment('https://shop.test/?credit_validation=12a', { status: 200 });
    expect(await claimPendingCredit(env)).toBeNull();
    expect(posted).toEqual([]);
    expect(replaced).toEqual([]);
    expect($creditToast.get()).toBeNull();
  });

  it.each([
    [
      'an unknown or expired campaign',
      { status: 200, body: { status: 'INVALID', creditAmount: null, currency: null } },
      'Sorry, this offer link is no longer valid.',
    ],
    [
      'a server failure',
      { status: 503, body: { message: 'x', status: 503 } },
      'Unable to process credit at this time. Please try again later.',
    ],
    ['no connection', 'offline' as const, 'Unable to process credit at this time. Please try again later.'],
  ])('%s shows its error toast', async (_name, answer, message) => {
    const { env } = environment('https://shop.test/?credit_validation=55', answer);
    expect(await claimPendingCredit(env)).toMatchObject({ tone: 'error', message });
  });
});
