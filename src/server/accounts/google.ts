/**
 * Google one-tap (docs/decisions/009, spec 7 /v1/logingoogle): the ID token's signature is checked
 * against a configured JWKS (Google's URL in production, a local key set file in tests) with jose.
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

/** The verified identity in a Google ID token, or AccountError('invalidGoogleToken'). */
export async function verifyGoogleIdToken(
  credential: string,
  options: { clientId: string; keys: JWTVerifyGetKey },
): Promise<GoogleIdentity> {
  try {
    const { payload } = await jwtVerify(credential, options.keys, {
      issuer: GOOGLE_ISSUERS,
      audience: options.clientId,
    });
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
    if (email === '' || payload.email_verified !== true || typeof payload.sub !== 'string') {
      throw new AccountError('invalidGoogleToken');
    }
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
