/**
 * The PayPal sandbox (PAYMENTS.md "PayPal, Apple Pay, Google Pay"): a payment the shop created is
 * approved (a one-time nonce minted, bound to the buyer) or cancelled on the sandbox's approval page,
 * /paypal/approve, and the shopper goes back to the shop's checkout: an absolute URL on the shop's
 * origin, never a path on the sandbox's (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nonces, sessions } from '../db/schema';
import { approvePayPalPayment, cancelPayPalPayment, createPayPal } from '../index';
import { appOn, databaseOf, formPost, SHOP, SITE, sandboxEmbedded } from './support';

const order = {
  amountMinor: 3000,
  currency: 'GBP' as const,
  credit: false,
  flow: 'checkout' as const,
  returnUrl: `${SHOP}/checkout?pm=paypal`,
};

/** The token on a return URL the approval page sends the shopper to. */
function tokenOf(redirectTo: string): string {
  const token = new URL(redirectTo).searchParams.get('pm_token');
  if (!token) throw new Error(`no pm_token in ${redirectTo}`);
  return token;
}

describe.each(sandboxEmbedded)('the PayPal sandbox on $name', (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);

  async function approved(amountMinor: number, email = 'sb-buyer@personal.example.com') {
    const payment = await createPayPal(db(), { ...order, amountMinor });
    const decision = await approvePayPalPayment(db(), { id: payment.id, email });
    if (!decision.ok) throw new Error(`approval refused: ${decision.problem}`);
    return { payment, nonce: tokenOf(decision.redirectTo), redirectTo: decision.redirectTo };
  }

  it("approving mints a one-time PayPal nonce with the buyer fingerprint and returns to the shop's checkout with it", async () => {
    const { payment, nonce, redirectTo } = await approved(3000, 'Ada@Example.co.uk');
    expect(redirectTo).toBe(`${SHOP}/checkout?pm=paypal&pm_status=approved&pm_token=${nonce}`);
    const [minted] = await db().select().from(nonces).where(eq(nonces.nonce, nonce));
    expect(minted).toMatchObject({ kind: 'paypal', cardType: 'PayPal', consumedAt: null });
    expect(minted?.fingerprint).toMatch(/^paypal:[0-9a-f]{32}$/);
    const [session] = await db().select().from(sessions).where(eq(sessions.id, payment.id));
    expect(session).toMatchObject({ status: 'approved', authToken: nonce, details: { email: 'Ada@Example.co.uk' } });
    // The same account is the same fingerprint, whatever its case; a double click answers the same nonce.
    const again = await approved(3000, 'ada@example.co.uk');
    const [other] = await db().select().from(nonces).where(eq(nonces.nonce, again.nonce));
    expect(other?.fingerprint).toBe(minted?.fingerprint);
    const twice = await approvePayPalPayment(db(), { id: payment.id, email: 'Ada@Example.co.uk' });
    expect(twice).toEqual({ ok: true, redirectTo });
  });

  it('cancel returns with pm_status=cancelled, mints nothing, and cannot then be approved', async () => {
    const payment = await createPayPal(db(), order);
    const cancelled = await cancelPayPalPayment(db(), payment.id);
    expect(cancelled).toEqual({ ok: true, redirectTo: `${SHOP}/checkout?pm=paypal&pm_status=cancelled` });
    expect(await cancelPayPalPayment(db(), payment.id)).toEqual(cancelled);
    const [session] = await db().select().from(sessions).where(eq(sessions.id, payment.id));
    expect(session).toMatchObject({ status: 'cancelled', authToken: null });
    expect(await approvePayPalPayment(db(), { id: payment.id, email: 'a@example.co.uk' })).toEqual({
      ok: false,
      problem: 'used',
    });
  });

  describe('the approval page', () => {
    it('shows the PayPal sandbox, merchant Tuppence, the amount and a prefilled sandbox buyer, under its own policy', async () => {
      const payment = await createPayPal(db(), { ...order, credit: true });
      const response = await app(`/paypal/approve?id=${payment.id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const policy = response.headers.get('content-security-policy') ?? '';
      // Its form posts to itself and is redirected back to the shop: both are form-action sources.
      expect(policy).toContain(`form-action 'self' ${SITE.shopOrigins.join(' ')}`);
      expect(policy).toContain("frame-ancestors 'none'");
      const html = await response.text();
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('PayPal sandbox');
      expect(html).toMatch(/>Pay Tuppence £30</);
      expect(html).toContain('PayPal Credit');
      expect(html).toMatch(/name="email"[^>]*value="sb-buyer@personal.example.com"/);
      expect(html).toContain('Agree and continue');
      expect(html).toContain('Cancel and return to Tuppence');
      expect(html).not.toContain('<script');
      const css = await app('/assets/paypal.css');
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toContain('text/css');
    });

    it("a form post approves with a 303 back to the shop's checkout, and cancels the same way", async () => {
      const payment = await createPayPal(db(), order);
      const approve = await app(
        '/paypal/approve',
        formPost({ id: payment.id, decision: 'approve', email: 'sb-buyer@personal.example.com', password: 'x' }),
      );
      expect(approve.status).toBe(303);
      expect(approve.headers.get('location')).toMatch(
        /^http:\/\/shop\.test\/checkout\?pm=paypal&pm_status=approved&pm_token=tokenpp_/,
      );
      const other = await createPayPal(db(), order);
      const cancel = await app('/paypal/approve', formPost({ id: other.id, decision: 'cancel' }));
      expect(cancel.status).toBe(303);
      expect(cancel.headers.get('location')).toBe(`${SHOP}/checkout?pm=paypal&pm_status=cancelled`);
    });

    it('a login without a password is asked again (422), keeping the typed email', async () => {
      const payment = await createPayPal(db(), order);
      const response = await app(
        '/paypal/approve',
        formPost({ id: payment.id, decision: 'approve', email: 'me@example.co.uk', password: '' }),
      );
      expect(response.status).toBe(422);
      const html = await response.text();
      expect(html).toContain('Enter your sandbox PayPal email address and password to log in.');
      expect(html).toMatch(/name="email"[^>]*value="me@example.co.uk"/);
      const [session] = await db().select().from(sessions).where(eq(sessions.id, payment.id));
      expect(session?.status).toBe('created');
    });

    it("an unknown payment is a plain 404 page whose link goes back to the shop's checkout", async () => {
      const response = await app('/paypal/approve?id=PAYID-GONE');
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain('We could not find this payment');
      expect(html).toContain(`href="${SHOP}/checkout"`);
    });

    it('a finished payment says so (409), its link back to the checkout it came from', async () => {
      const { payment } = await approved(3000);
      await db().update(sessions).set({ status: 'consumed' }).where(eq(sessions.id, payment.id));
      const response = await app(`/paypal/approve?id=${payment.id}`);
      expect(response.status).toBe(409);
      expect(await response.text()).toContain(`href="${SHOP}/checkout"`);
    });

    it("another site's form post is refused (403) and approves nothing", async () => {
      const payment = await createPayPal(db(), order);
      const fields = { id: payment.id, decision: 'approve', email: 'a@example.co.uk', password: 'x' };
      const response = await app('/paypal/approve', {
        ...formPost(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      const [session] = await db().select().from(sessions).where(eq(sessions.id, payment.id));
      expect(session?.status).toBe('created');
    });
  });
});
