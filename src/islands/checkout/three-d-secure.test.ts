import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PAYABLE_THREE_D_SECURE_STATUSES,
  THREE_D_SECURE_BROWSER_PATHS,
  THREE_D_SECURE_STATUSES,
} from '@/contracts/three-d-secure';
import { CARD_REASONS, MESSAGES } from '@/domain/messages';
import { $threeDSecure, abandonChallenge, finishAuthentication, THREE_D_SECURE_COPY } from '@/stores/three-d-secure';
import {
  authenticateCard,
  authenticateSavedCard,
  BROWSER_PATHS,
  PAYABLE_STATUSES,
  type ThreeDSecureDeps,
} from './three-d-secure';

const GATEWAY = 'http://gateway.test:4322';
const SHOP = 'http://shop.test';

const payment = {
  nonce: 'tokencc_3ds',
  amountMinor: 2599,
  currency: 'GBP',
  billing: { email: 'guest@example.co.uk', postcode: 'SW1A 1AA' },
};

const browserData = {
  language: 'en-GB',
  colorDepth: 24,
  screenHeight: 800,
  screenWidth: 375,
  timeZoneOffset: 0,
  userAgent: 'test',
  javaEnabled: false,
};

type Answer = { status: number; body: unknown } | 'offline';

/** A fake gateway answering each call in turn, and a window the challenge page's message arrives at. */
function gateway(...answers: Answer[]) {
  const calls: { url: string; method: string; body: unknown; credentials?: RequestCredentials }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: String(url),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init?.credentials,
    });
    const answer = answers.shift() ?? { status: 500, body: null };
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  }) as typeof fetch;
  const messages = new EventTarget();
  const deps: ThreeDSecureDeps = { fetchImpl, messages, origin: SHOP, browserData: () => browserData };
  const post = (origin: string, data: unknown) => messages.dispatchEvent(new MessageEvent('message', { origin, data }));
  return { calls, deps, post };
}

const answer = (status: string, challengeUrl: string | null = null) => ({
  status: 200,
  body: { authenticationId: 'tds_1', status, liabilityShifted: status === 'authenticated', challengeUrl },
});
const challengeAnswer = answer('challenge_required', `${GATEWAY}/3ds/challenge/tds_1`);
const complete = { type: 'three-d-secure:challenge-complete', authenticationId: 'tds_1', status: 'authenticated' };
const notAuthenticated = {
  ok: false,
  message: MESSAGES.paymentDidNotGoThrough,
  reason: CARD_REASONS.cannotAuthenticate,
};

/** Lets the flow run up to its next wait. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('authenticateCard (3-D Secure 2 before the pay call, PAYMENTS.md "3-D Secure 2")', () => {
  beforeEach(() => {
    finishAuthentication();
    keepMount($threeDSecure);
  });
  afterEach(() => {
    cleanStores($threeDSecure);
  });

  it('asks the gateway with the nonce, the amount, the billing details, the browser data and this origin', async () => {
    const { calls, deps } = gateway(answer('authenticated'));
    const outcome = await authenticateCard(`${GATEWAY}/`, payment, deps);
    expect(outcome).toEqual({ ok: true, authenticationId: 'tds_1' });
    expect(calls).toEqual([
      {
        url: `${GATEWAY}/3ds/authenticate`,
        method: 'POST',
        body: { ...payment, browser: browserData, returnOrigin: SHOP },
        credentials: 'omit',
      },
    ]);
    expect($threeDSecure.get()).toEqual({ phase: 'idle', challenge: null, announcement: '' });
  });

  it.each([
    ['authenticated', true],
    ['attempted', true],
    ['failed', false],
    ['unavailable', false],
    ['error', false],
  ])('a frictionless %s answer pays: %s', async (status, pays) => {
    const { calls, deps } = gateway(answer(status));
    const outcome = await authenticateCard(GATEWAY, payment, deps);
    expect(outcome).toEqual(pays ? { ok: true, authenticationId: 'tds_1' } : notAuthenticated);
    expect(calls).toHaveLength(1);
  });

  it('spec 8: a gateway that cannot be reached is the provider message, and nothing is shown', async () => {
    const { deps } = gateway('offline');
    expect(await authenticateCard(GATEWAY, payment, deps)).toEqual({
      ok: false,
      message: MESSAGES.providerUnreachable,
      reason: null,
    });
    expect($threeDSecure.get().phase).toBe('idle');
  });

  it('a challenge opens the dialog, waits for the page on the gateway origin, and confirms with the gateway', async () => {
    const { calls, deps, post } = gateway(challengeAnswer, answer('authenticated'));
    const outcome = authenticateCard(GATEWAY, payment, deps);
    await settle();
    expect($threeDSecure.get()).toEqual({
      phase: 'challenged',
      challenge: { authenticationId: 'tds_1', challengeUrl: `${GATEWAY}/3ds/challenge/tds_1` },
      announcement: THREE_D_SECURE_COPY.asked,
    });
    // Another origin, or another authentication, is not listened to.
    post('http://evil.test', complete);
    post(GATEWAY, { ...complete, authenticationId: 'tds_2' });
    await settle();
    expect($threeDSecure.get().phase).toBe('challenged');
    post(GATEWAY, complete);
    expect(await outcome).toEqual({ ok: true, authenticationId: 'tds_1' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${GATEWAY}/3ds/authenticate`,
      `GET ${GATEWAY}/3ds/tds_1`,
    ]);
    expect($threeDSecure.get()).toEqual({
      phase: 'idle',
      challenge: null,
      announcement: THREE_D_SECURE_COPY.confirmed,
    });
  });

  it("the gateway's answer decides, not the page's message: a failed challenge does not pay", async () => {
    const { deps, post } = gateway(challengeAnswer, answer('failed'));
    const outcome = authenticateCard(GATEWAY, payment, deps);
    await settle();
    post(GATEWAY, complete);
    expect(await outcome).toEqual(notAuthenticated);
    expect($threeDSecure.get().announcement).toBe(THREE_D_SECURE_COPY.notConfirmed);
  });

  it('closing the dialog (Escape or Cancel) abandons the challenge at the gateway and does not pay', async () => {
    const { calls, deps } = gateway(challengeAnswer, answer('abandoned'));
    const outcome = authenticateCard(GATEWAY, payment, deps);
    await settle();
    abandonChallenge();
    expect(await outcome).toEqual(notAuthenticated);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      `POST ${GATEWAY}/3ds/authenticate`,
      `POST ${GATEWAY}/3ds/tds_1/cancel`,
    ]);
    expect($threeDSecure.get()).toEqual({
      phase: 'idle',
      challenge: null,
      announcement: THREE_D_SECURE_COPY.abandoned,
    });
  });

  it('a challenge page on another origin is never framed', async () => {
    const { deps } = gateway(answer('challenge_required', 'http://elsewhere.test/3ds/challenge/tds_1'));
    expect(await authenticateCard(GATEWAY, payment, deps)).toEqual(notAuthenticated);
    expect($threeDSecure.get().challenge).toBeNull();
  });

  it("agrees with the contract's browser paths and payable statuses", () => {
    expect(BROWSER_PATHS.authenticate).toBe(THREE_D_SECURE_BROWSER_PATHS.authenticate);
    expect(BROWSER_PATHS.cancel('a/b')).toBe(THREE_D_SECURE_BROWSER_PATHS.cancel('a/b'));
    expect(BROWSER_PATHS.status('a/b')).toBe(THREE_D_SECURE_BROWSER_PATHS.status('a/b'));
    for (const status of THREE_D_SECURE_STATUSES) {
      expect(PAYABLE_STATUSES.has(status), status).toBe(PAYABLE_THREE_D_SECURE_STATUSES.has(status));
    }
  });
});

describe('authenticateSavedCard (a saved card its issuer asks to authenticate, decision 043)', () => {
  beforeEach(() => {
    finishAuthentication();
    keepMount($threeDSecure);
  });
  afterEach(() => {
    cleanStores($threeDSecure);
  });

  const saved = {
    nonceUrl: '/api/v1/express-buy/authentication-nonce',
    nonceRequest: { token: 'express-token' },
    amountMinor: 4200,
    currency: 'GBP',
    billing: {},
  };

  it("mints the saved card's nonce at the shop (with the session), then authenticates that nonce at the gateway", async () => {
    const { calls, deps } = gateway({ status: 201, body: { nonce: 'tokenvc_saved' } }, answer('authenticated'));
    const outcome = await authenticateSavedCard(GATEWAY, saved, deps);
    expect(outcome).toEqual({ ok: true, authenticationId: 'tds_1' });
    expect(calls[0]).toMatchObject({
      url: saved.nonceUrl,
      method: 'POST',
      body: { token: 'express-token' },
      credentials: 'same-origin',
    });
    expect(calls[1]).toMatchObject({
      url: `${GATEWAY}/${BROWSER_PATHS.authenticate}`,
      body: { nonce: 'tokenvc_saved', amountMinor: 4200, currency: 'GBP', returnOrigin: SHOP },
      credentials: 'omit',
    });
  });

  it('a nonce the shop will not mint (the card gone, not yours) is the new card message, and the gateway is not asked', async () => {
    const { calls, deps } = gateway({ status: 404, body: { status: 404, message: 'not found' } });
    expect(await authenticateSavedCard(GATEWAY, saved, deps)).toEqual(notAuthenticated);
    expect(calls).toHaveLength(1);
  });

  it('spec 8: a provider the shop cannot reach is the provider message', async () => {
    const { deps } = gateway({ status: 503, body: { status: 503, message: MESSAGES.providerUnreachable } });
    expect(await authenticateSavedCard(GATEWAY, saved, deps)).toEqual({
      ok: false,
      message: MESSAGES.providerUnreachable,
      reason: null,
    });
  });
});
