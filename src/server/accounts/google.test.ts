/**
 * Google one-tap (decision 009, spec 8 "Invalid google token id"): ID tokens are checked against a
 * configured key set; the test makes its own local key set instead of Google's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { googleKeySet, verifyGoogleIdToken } from './google';

const CLIENT_ID = 'tuppence-test.apps.googleusercontent.com';
let folder: string;
let keysFile: string;
let sign: (
  claims: Record<string, unknown>,
  options?: { issuer?: string; audience?: string; expires?: string },
) => Promise<string>;
let signWithStranger: (claims: Record<string, unknown>) => Promise<string>;

beforeAll(async () => {
  const ours = await generateKeyPair('RS256', { extractable: true });
  const stranger = await generateKeyPair('RS256', { extractable: true });
  folder = mkdtempSync(path.join(tmpdir(), 'tuppence-jwks-'));
  keysFile = path.join(folder, 'jwks.json');
  writeFileSync(
    keysFile,
    JSON.stringify({ keys: [{ ...(await exportJWK(ours.publicKey)), kid: 'test-key', alg: 'RS256' }] }),
  );
  const build = (
    claims: Record<string, unknown>,
    options: { issuer?: string; audience?: string; expires?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(options.issuer ?? 'https://accounts.google.com')
      .setAudience(options.audience ?? CLIENT_ID)
      .setSubject('1234567890')
      .setIssuedAt()
      .setExpirationTime(options.expires ?? '10m');
  sign = (claims, options) => build(claims, options).sign(ours.privateKey);
  signWithStranger = (claims) => build(claims).sign(stranger.privateKey);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

const claims = { email: 'Ada@Example.co.uk', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof AccountError ? error.code : 'other';
  }
}

describe('Google one-tap ID tokens', () => {
  it('accepts a token signed by a key in the configured set (a local file here)', async () => {
    const identity = await verifyGoogleIdToken(await sign(claims), {
      clientId: CLIENT_ID,
      keys: googleKeySet(keysFile),
    });
    expect(identity).toEqual({ email: 'ada@example.co.uk', sub: '1234567890', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it.each([
    ['signed by another key', () => signWithStranger(claims)],
    ['for another client', () => sign(claims, { audience: 'someone-else' })],
    ['from another issuer', () => sign(claims, { issuer: 'https://evil.example' })],
    ['expired', () => sign(claims, { expires: '-1m' })],
    ['with an unverified email', () => sign({ ...claims, email_verified: false })],
    ['not a token at all', async () => 'not-a-jwt'],
  ])('refuses a token %s with "Invalid google token id"', async (_, make) => {
    const code = await codeOf(verifyGoogleIdToken(await make(), { clientId: CLIENT_ID, keys: googleKeySet(keysFile) }));
    expect(code).toBe('invalidGoogleToken');
    expect(new AccountError('invalidGoogleToken').message).toBe(MESSAGES.invalidGoogleToken);
  });

  it('spec 8: an unknown email reads "Email wasn\'t registered"', () => {
    expect(new AccountError('emailNotRegistered').message).toBe("Email wasn't registered");
  });
});
