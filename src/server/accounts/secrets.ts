/**
 * Password hashing (argon2id, @node-rs/argon2) and single-use tokens (random, stored as SHA-256).
 * Nothing here logs or returns a password.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. argon2id is the library's default algorithm.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** An argon2id PHC string for a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * Whether the password matches the stored hash. With no hash (unknown email, or an account without
 * a password) a decoy hash is still checked, so the answer takes the same time either way.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A new random token for a link or a customer token (URL-safe, 256 bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a token: its SHA-256, so a database leak gives no working link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
