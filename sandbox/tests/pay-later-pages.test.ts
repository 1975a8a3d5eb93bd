/**
 * Klarna's and Clearpay's hosted pages in the sandbox (PAYMENTS.md "Klarna (pay in 3) and Clearpay
 * (pay in 4)"), as the shopper meets them: the shop opens a session over the gateway API with its
 * checkout's absolute URL, the shopper is sent to the page on the sandbox's origin, steps through its
 * plain forms, and is sent back to the shop's checkout (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { describe, expect, it } from 'vitest';
import { GATEWAY_KEY, GATEWAY_PATHS } from '@/contracts/payment-gateway';
import { keptSecret } from '../kept-secret';
import { appOn, databaseOf, formPost, SHOP, sandboxEmbedded } from './support';

const basket = {
  amountMinor: 60_00,
  currency: 'GBP',
  orderLines: [{ name: 'Afternoon tea for two', quantity: 1, totalMinor: 60_00 }],
  email: null,
};

describe.each(sandboxEmbedded)("the pay-later providers' pages on $name", (engine) => {
  const app = appOn(databaseOf(engine));

  /** The shop's server opening a session, as its provider client does (with the server key). */
  async function open(provider: 'klarna' | 'clearpay', returnUrl = `${SHOP}/checkout?pm=${provider}`) {
    return app(`/gateway/${GATEWAY_PATHS.payLaterSessions(provider)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keptSecret(GATEWAY_KEY)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...basket, returnUrl }),
    });
  }

  async function pageOf(provider: 'klarna' | 'clearpay'): Promise<string> {
    const answer = await (await open(provider)).json();
    if (!answer.ok) throw new Error(answer.text);
    return new URL(answer.redirectUrl).pathname;
  }

  it("a session's page is on the sandbox's origin; a return URL off the shop's origins is refused", async () => {
    const answer = await (await open('klarna')).json();
    expect(answer.redirectUrl).toMatch(/^http:\/\/sandbox\.test\/klarna\/hpp\/[0-9a-f-]{36}$/);
    const elsewhere = await open('klarna', 'https://evil.example/checkout?pm=klarna');
    expect(elsewhere.status).toBe(400);
    expect((await elsewhere.json()).message).toContain('SANDBOX_SHOP_ORIGINS');
    const path = await open('clearpay', '/checkout?pm=clearpay');
    expect(path.status).toBe(400);
  });

  it("Klarna: email, then a code, then back to the shop's checkout with the token", async () => {
    const page = await pageOf('klarna');
    const first = await app(page);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('Pay in 3 with Klarna');
    expect(html).toContain('3 interest-free payments with Klarna');
    expect(html).toContain('Afternoon tea for two');
    const identified = await app(page, formPost({ action: 'identify', email: 'customer+gb@klarna.com' }));
    expect(identified.status).toBe(303);
    expect(identified.headers.get('location')).toBe(page);
    expect(await (await app(page)).text()).toContain('We sent a 6-digit code to customer+gb@klarna.com.');
    const wrong = await app(page, formPost({ action: 'code', code: '999999' }));
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('role="alert"');
    const approved = await app(page, formPost({ action: 'code', code: '123456' }));
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location') ?? '');
    expect(back.origin).toBe(SHOP);
    expect(back.pathname).toBe('/checkout');
    expect(back.searchParams.get('pm')).toBe('klarna');
    expect(back.searchParams.get('pm_status')).toBe('approved');
    expect(back.searchParams.get('pm_token')).toMatch(/^[0-9a-f-]{36}$/);
    // Finished: the page says so and its link goes back to the shop, not to a path on the sandbox.
    const ended = await (await app(page)).text();
    expect(ended).toContain('This Klarna session has ended');
    expect(ended).toContain(`href="${SHOP}/checkout?pm=klarna"`);
  });

  it("Clearpay: SMS code 111111, CVV 051 declines, back to the shop's checkout with pm_status=declined", async () => {
    const page = await pageOf('clearpay');
    expect(await (await app(page)).text()).toContain('Pay in 4 with Clearpay');
    expect((await app(page, formPost({ action: 'sms', code: '111111' }))).status).toBe(303);
    expect(await (await app(page)).text()).toContain('Add your card');
    const refused = await app(page, formPost({ action: 'card', number: '4111', expiry: '12/40', cvv: '051' }));
    expect(refused.status).toBe(422);
    const declined = await app(
      page,
      formPost({ action: 'card', number: '4111 1111 1111 1111', expiry: '12/40', cvv: '051' }),
    );
    expect(declined.status).toBe(303);
    const back = new URL(declined.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP}/checkout`);
    expect(back.searchParams.get('pm_status')).toBe('declined');
    expect(back.searchParams.get('pm_token')).toBeNull();
  });

  it('an unknown session or checkout is a 404 page; a NUL in the path is one too, never a 500', async () => {
    for (const path of [
      '/klarna/hpp/nope',
      '/clearpay/checkout/nope',
      '/klarna/hpp/%00',
      '/clearpay/checkout/%E0%A4%A',
    ]) {
      const response = await app(path);
      expect(response.status, path).toBe(404);
    }
    expect((await app('/klarna/hpp/nope', { method: 'DELETE' })).status).toBe(405);
    expect((await app('/sandbox/paypal/approve?id=x')).status).toBe(404);
  });
});
