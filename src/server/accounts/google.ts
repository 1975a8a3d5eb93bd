/**
 * Google ID tokens (docs/decisions/009 and 055; spec 7 /v1/logingoogle and registergoogleuser): the
 * token's signature is checked against a configured JWKS (Google's, the identity-provider stand-in's,
 * or a local key set file) with jose.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AccountError } from '@/domain/errors';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleIdentity {
  email: string;
  sub: string;
  firstName: string;
  lastName: string;
}

/** A key set from a URL (https://…) or a local JSON file (a path or file:// URL). */
export function googleKeySet(source: string): JWTVerifyGetKey {
  if (source.startsWith('https://') || source.startsWith('http://')) return createRemoteJWKSet(new URL(source));
  const file = source.startsWith('file:') ? fileURLToPath(source) : source;
  return createLocalJWKSet(JSON.parse(readFileSync(file, 'utf8')) as JSONWebKeySet);
}

/**
 * The verified identity in a Google ID token, or AccountError('invalidGoogleToken'): signed by a key
 * in `keys`, from `issuer` (Google's by default; the stand-in's in development and tests, decision
 * 055), for `clientId`, unexpired, with a verified email and, when `nonce` is given, that nonce.
 */
export async function verifyGoogleIdToken(
  credential: string,
  options: { clientId: string; keys: JWTVerifyGetKey; issuer?: string | string[]; nonce?: string },
): Promise<GoogleIdentity> {
  try {
    const { payload } = await jwtVerify(credential, options.keys, {
      issuer: options.issuer ?? GOOGLE_ISSUERS,
      audience: options.clientId,
      algorithms: ['RS256'],
    });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
    if (email === '' || payload.email_verified !== true || typeof payload.sub !== 'string') {
      throw new AccountError('invalidGoogleToken');
    }
    // OpenID Connect Core 3.1.3.7: the nonce the shop sent with the authorize request comes back.
    if (options.nonce !== undefined && payload.nonce !== options.nonce) throw new AccountError('invalidGoogleToken');
    return {
      email,
      sub: payload.sub,
      firstName: typeof payload.given_name === 'string' ? payload.given_name : '',
      lastName: typeof payload.family_name === 'string' ? payload.family_name : '',
    };
  } catch (error) {
    if (error instanceof AccountError) throw error;
    throw new AccountError('invalidGoogleToken');
  }
}
