/**
 * The identity-provider stand-in (../identity-provider.ts; decision 055) keeps the rules a real
 * provider keeps, so the shop's flow is tested against them: a redirect URI only on the shop's
 * origins, the client's secret, the PKCE verifier (RFC 7636), single-use codes, and ID tokens signed
 * by the key its key set publishes, with the issuer, audience and nonce the shop asked for.
 */
import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { STAND_IN_CLIENT, STAND_IN_PATHS } from '@/contracts/identity-provider.mjs';
import { createSandboxApp } from '../app';
import { databaseOf, SHOP, SITE, sandboxEmbedded } from './support';

const VERIFIER = 'a-verifier-of-at-least-forty-three-characters-long';
const REDIRECT = `${SHOP}/api/v1/registergoogleuser`;

describe.each(sandboxEmbedded)('the identity-provider stand-in on $name', (engine) => {
  const db = databaseOf(engine);
  const app = createSandboxApp({ db: async () => db(), site: SITE });
  const at = (path: string) => `${SITE.publicUrl}${path}`;

  function authorizeUrl(over: Record<string, string> = {}): string {
    const url = new URL(at(STAND_IN_PATHS.google.authorize));
    const params = {
      client_id: STAND_IN_CLIENT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'the-state',
      nonce: 'the-nonce',
      code_challenge: createHash('sha256').update(VERIFIER).digest('base64url'),
      code_challenge_method: 'S256',
      ...over,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.href;
  }

  /** The tester continues as `email` on the page: the code the shop gets back. */
  async function codeFor(email: string): Promise<string> {
    const form = new URLSearchParams({ email, firstName: 'Ada', lastName: 'Lovelace', decision: 'continue' });
    const answer = await app(new Request(authorizeUrl(), { method: 'POST', body: form }));
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('the-state');
    return back.searchParams.get('code') ?? '';
  }

  const exchange = (code: string, over: Record<string, string> = {}) =>
    app(
      new Request(at(STAND_IN_PATHS.google.token), {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          client_id: STAND_IN_CLIENT.id,
          client_secret: STAND_IN_CLIENT.secret,
          code_verifier: VERIFIER,
          ...over,
        }),
      }),
    );

  it('never sends a shopper to a redirect URI off the shop, nor serves an unknown client', async () => {
    const offShop = await app(new Request(authorizeUrl({ redirect_uri: 'https://evil.example/steal' })));
    expect(offShop.status).toBe(400);
    expect(offShop.headers.get('location')).toBeNull();
    expect((await app(new Request(authorizeUrl({ client_id: 'someone-else' })))).status).toBe(400);
    expect((await app(new Request(authorizeUrl({ code_challenge: '' })))).status).toBe(400);
  });

  it('signs an ID token its key set verifies, with the issuer, audience and nonce asked for', async () => {
    const answer = await exchange(await codeFor('ada@example.co.uk'));
    expect(answer.status).toBe(200);
    const { id_token: idToken } = (await answer.json()) as { id_token: string };
    const keys = (await (await app(new Request(at(STAND_IN_PATHS.google.jwks)))).json()) as Parameters<
      typeof createLocalJWKSet
    >[0];
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys), {
      issuer: `${SITE.publicUrl}/idp/google`,
      audience: STAND_IN_CLIENT.id,
    });
    expect(payload).toMatchObject({ email: 'ada@example.co.uk', email_verified: true, nonce: 'the-nonce' });
  });

  it('refuses a wrong secret, a wrong PKCE verifier and a code used twice', async () => {
    expect((await exchange(await codeFor('b@example.co.uk'), { client_secret: 'guess' })).status).toBe(401);
    expect((await exchange(await codeFor('c@example.co.uk'), { code_verifier: 'x'.repeat(50) })).status).toBe(400);
    const code = await codeFor('d@example.co.uk');
    expect((await exchange(code)).status).toBe(200);
    expect((await exchange(code)).status).toBe(400);
  });
});
