/**
 * The card issuer's challenge page, /3ds/challenge/{id} (PAYMENTS.md "3-D Secure 2";
 * docs/decisions/043-three-d-secure.md), as the shopper meets it in the shop's modal: it asks for the
 * code, says how the check ended, may be framed by the shop's page only, and tells that page how it
 * ended with a script file of its own (postMessage to the return origin). Without JavaScript the form
 * still posts and shows the result.
 */
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { THREE_D_SECURE_GATEWAY_PATHS } from '@/contracts/three-d-secure';
import { threeDSecure } from '../db/schema';
import {
  appOn,
  authenticate,
  databaseOf,
  formPost,
  SHOP,
  SITE,
  sandboxEmbedded,
  tokenisedNonce,
  withGatewayKey,
} from './support';

/** Who may frame a page, as its Content Security Policy says. */
function frameAncestorsOf(response: Response): string | undefined {
  const policy = response.headers.get('content-security-policy') ?? '';
  return /(?:^|; )frame-ancestors ([^;]+)/.exec(policy)?.[1];
}

const PASSES = '4000000000002503';
const FAILS = '4000000000002370';

describe.each(sandboxEmbedded)("the issuer's challenge page on $name", (engine) => {
  const db = databaseOf(engine);
  const app = appOn(db);

  /** A challenge for a card, as the checkout starts it: the page's path on the sandbox. */
  async function challengeFor(number: string, extra: Record<string, unknown> = {}) {
    const nonce = await tokenisedNonce(app, number);
    const answer = await (await authenticate(app, nonce, 42_50, extra)).json();
    if (answer.status !== 'challenge_required') throw new Error(`no challenge: ${answer.status}`);
    return { id: answer.authenticationId as string, page: new URL(answer.challengeUrl).pathname };
  }

  const statusOf = async (id: string) =>
    (await (await app(`/gateway/${THREE_D_SECURE_GATEWAY_PATHS.lookup(id)}`, withGatewayKey())).json()).status;

  it('asks for the code: a heading naming the step, what is asked, a labelled one-time-code field, Submit and Cancel', async () => {
    const { page } = await challengeFor(PASSES);
    const response = await app(page);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Confirm it&#x27;s you</h1>');
    expect(html).toContain(
      'Enter the 6-digit code we sent to your phone ending 4821. In this sandbox the code is 123456.',
    );
    expect(html).toMatch(/<label for="challenge-code">Verification code<\/label>/);
    // HTML reads attribute names in any case: autoComplete is autocomplete.
    const input = /<input id="challenge-code"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toMatch(/ name="code"/);
    expect(input).toMatch(/ autocomplete="one-time-code"/i);
    expect(input).toMatch(/ inputmode="numeric"/i);
    expect(html).toMatch(/aria-describedby="challenge-instructions"/);
    expect(html).toContain('id="challenge-instructions"');
    expect(html).toMatch(/<button[^>]*type="submit" value="submit" name="action">Submit<\/button>/);
    expect(html).toMatch(/<button[^>]*type="submit" value="cancel" name="action">Cancel<\/button>/);
    expect(html).toContain('£42.50');
    expect(html).toContain('Visa ending 2503');
    expect(html).toContain('href="/assets/three-d-secure.css"');
    // The page's own script file (Escape cancels, as in the shop's dialog); never an inline one.
    expect(html).toContain('<script src="/assets/challenge-complete.js" defer=""></script>');
    expect(html).not.toMatch(/<script>/);
  });

  it('may be framed by the shop page that asked, and no other; scripts from its own origin only', async () => {
    const { page } = await challengeFor(PASSES);
    const response = await app(page);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(frameAncestorsOf(response)).toBe(SHOP);
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBeNull();
    // Asked from the shop's other origin, the page may be framed by that one.
    const other = await challengeFor(PASSES, { returnOrigin: 'http://127.0.0.1:4321/checkout' });
    expect(frameAncestorsOf(await app(other.page))).toBe('http://127.0.0.1:4321');
    // The providers' other pages are still never framed.
    const paypal = await app('/paypal/approve?id=nope');
    expect(frameAncestorsOf(paypal)).toBe("'none'");
  });

  it('the right code passes a challenge-pass card: authenticated, said in words, with the message script', async () => {
    const { id, page } = await challengeFor(PASSES);
    const posted = await app(page, formPost({ action: 'submit', code: '123456' }));
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(page);
    expect(await statusOf(id)).toBe('authenticated');
    const ended = await app(page);
    expect(ended.status).toBe(200);
    const html = await ended.text();
    expect(html).toContain('<h1>Payment confirmed</h1>');
    expect(html).toContain('Your bank has confirmed it&#x27;s you.');
    expect(html).toContain(`data-authentication-id="${id}"`);
    expect(html).toContain('data-status="authenticated"');
    expect(html).toContain(`data-return-origin="${SHOP}"`);
    expect(html).toContain('<script src="/assets/challenge-complete.js" defer=""></script>');
    expect(ended.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The code is not asked again.
    expect(html).not.toContain('challenge-code');
  });

  it('a wrong code stays on the step with the error tied to the field; the third wrong code fails it', async () => {
    const { id, page } = await challengeFor(PASSES);
    const first = await app(page, formPost({ action: 'submit', code: '000000' }));
    expect(first.status).toBe(422);
    const html = await first.text();
    expect(html).toContain('<h1>Confirm it&#x27;s you</h1>');
    expect(html).toMatch(/aria-invalid="true" aria-describedby="challenge-instructions challenge-code-error"/);
    expect(html).toMatch(
      /<p class="error" id="challenge-code-error" role="alert">That code is not right. You have 2 tries left.<\/p>/,
    );
    expect(await statusOf(id)).toBe('challenge_required');

    const malformed = await app(page, formPost({ action: 'submit', code: '12' }));
    expect(malformed.status).toBe(422);
    expect(await malformed.text()).toContain('Enter the 6-digit code');

    const second = await app(page, formPost({ action: 'submit', code: '111111' }));
    expect(await second.text()).toContain('You have 1 try left.');
    const third = await app(page, formPost({ action: 'submit', code: '222222' }));
    expect(third.status).toBe(303);
    expect(await statusOf(id)).toBe('failed');
    const ended = await (await app(page)).text();
    expect(ended).toContain('<h1>We couldn&#x27;t confirm it&#x27;s you</h1>');
    expect(ended).toContain('data-status="failed"');
    // Once ended, the right code changes nothing.
    await app(page, formPost({ action: 'submit', code: '123456' }));
    expect(await statusOf(id)).toBe('failed');
  });

  it('a challenge-fail card fails whatever the code, the right one included', async () => {
    const { id, page } = await challengeFor(FAILS);
    const posted = await app(page, formPost({ action: 'submit', code: '123456' }));
    expect(posted.status).toBe(303);
    expect(await statusOf(id)).toBe('failed');
    expect(await (await app(page)).text()).toContain('data-status="failed"');
  });

  it('Cancel abandons it and says so', async () => {
    const { id, page } = await challengeFor(PASSES);
    const posted = await app(page, formPost({ action: 'cancel', code: '' }));
    expect(posted.status).toBe(303);
    expect(await statusOf(id)).toBe('abandoned');
    const html = await (await app(page)).text();
    expect(html).toContain('<h1>Check cancelled</h1>');
    expect(html).toContain('data-status="abandoned"');
  });

  it('a code with spaces is read as its digits', async () => {
    const { id, page } = await challengeFor(PASSES);
    await app(page, formPost({ action: 'submit', code: '123 456' }));
    expect(await statusOf(id)).toBe('authenticated');
  });

  it('an unknown check is a 404 page, an expired one a 410; a post from another site is refused', async () => {
    const unknown = await app('/3ds/challenge/3ds_nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Check not found');
    expect(frameAncestorsOf(unknown)).toBe(SITE.shopOrigins.join(' '));

    const { id, page } = await challengeFor(PASSES);
    const crossSite = await app(page, {
      ...formPost({ action: 'submit', code: '123456' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await statusOf(id)).toBe('challenge_required');

    await db()
      .update(threeDSecure)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(threeDSecure.id, id));
    const expired = await app(page);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('This check has expired');
    await app(page, formPost({ action: 'submit', code: '123456' }));
    const [row] = await db().select().from(threeDSecure).where(eq(threeDSecure.id, id));
    expect(row?.status).toBe('challenge_required');
  });

  describe('the message script (/assets/challenge-complete.js)', () => {
    const script = readFileSync(new URL('../pages/challenge-complete.js', import.meta.url), 'utf8');

    /**
     * Runs the script against a page: the ended page's result element or the open challenge's Cancel
     * button, framed or not; answers what it posted, the Cancel clicks and the page's key listeners.
     */
    function run(html: string, framed: boolean) {
      const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
      const hasResult = html.includes('data-three-d-secure-result');
      const hasCancel = /value="cancel"/.test(html);
      const dataset = {
        authenticationId: attribute('data-authentication-id'),
        status: attribute('data-status'),
        returnOrigin: attribute('data-return-origin'),
      };
      const posted: Array<{ message: unknown; targetOrigin: string }> = [];
      const cancelled: number[] = [];
      const keyListeners: Array<(event: { key: string; defaultPrevented: boolean; preventDefault(): void }) => void> =
        [];
      const parent = {
        postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }),
      };
      const window: { parent: unknown } = { parent };
      if (!framed) window.parent = window;
      const document = {
        querySelector: (selector: string) => {
          if (selector.includes('data-three-d-secure-result')) return hasResult ? { dataset } : null;
          return hasCancel ? { click: () => cancelled.push(1) } : null;
        },
        addEventListener: (type: string, listener: (typeof keyListeners)[number]) => {
          if (type === 'keydown') keyListeners.push(listener);
        },
      };
      vm.runInNewContext(script, { window, document });
      const press = (key: string) => {
        for (const listener of keyListeners) listener({ key, defaultPrevented: false, preventDefault() {} });
      };
      return Object.assign(posted, { cancelled, press });
    }

    it('is served as JavaScript from the sandbox', async () => {
      const response = await app('/assets/challenge-complete.js');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toBe(script);
    });

    it('tells the framing shop page how the check ended, addressed to the return origin only', async () => {
      const { id, page } = await challengeFor(PASSES);
      await app(page, formPost({ action: 'submit', code: '123456' }));
      const posted = run(await (await app(page)).text(), true);
      expect([...posted]).toEqual([
        {
          message: { type: 'three-d-secure:challenge-complete', authenticationId: id, status: 'authenticated' },
          targetOrigin: SHOP,
        },
      ]);
    });

    it('says nothing while the challenge is open, or when the page is not framed', async () => {
      const { page } = await challengeFor(PASSES);
      expect([...run(await (await app(page)).text(), true)]).toEqual([]);
      await app(page, formPost({ action: 'cancel' }));
      expect([...run(await (await app(page)).text(), false)]).toEqual([]);
    });

    it('cancels the open challenge on Escape (keys inside the frame never reach the shop page), and only on Escape', async () => {
      const { page } = await challengeFor(PASSES);
      const open = run(await (await app(page)).text(), true);
      open.press('Enter');
      expect(open.cancelled).toHaveLength(0);
      open.press('Escape');
      expect(open.cancelled).toHaveLength(1);
    });
  });
});
