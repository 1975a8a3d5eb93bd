/**
 * The sandbox's card fingerprint key (issue 14.13): one per installation, never in the source, so a
 * stored fingerprint beside the BIN and last four cannot be reversed to the card number by trying
 * the few candidates. `PAYMENTS_FINGERPRINT_SECRET` (at least 32 characters) when set; otherwise a
 * random secret made on first use and kept in `PAYMENTS_FINGERPRINT_SECRET_FILE` (default
 * `.data/payments-fingerprint.secret`, readable by the owner only), as sessions and mail keep theirs.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PaymentsConfigError } from './config';

/** The shortest secret accepted: 32 characters (a 256-bit key as hex is 64). */
export const FINGERPRINT_SECRET_MIN = 32;
const DEFAULT_FILE = '.data/payments-fingerprint.secret';

const fromFiles = new Map<string, string>();

function usable(secret: string, where: string): string {
  if (secret.length < FINGERPRINT_SECRET_MIN) {
    throw new PaymentsConfigError(
      `${where} must be at least ${FINGERPRINT_SECRET_MIN} characters (e.g. openssl rand -hex 32).`,
    );
  }
  return secret;
}

/** Reads the kept secret, or makes it: written beside, then linked in, so two processes agree on one. */
function keptSecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    // Another process made it first: theirs is the installation's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}

/** This installation's fingerprint key (the environment's, else the kept one). */
export function fingerprintSecret(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.PAYMENTS_FINGERPRINT_SECRET?.trim();
  if (configured) return usable(configured, 'PAYMENTS_FINGERPRINT_SECRET');
  const file = path.resolve(process.cwd(), env.PAYMENTS_FINGERPRINT_SECRET_FILE?.trim() || DEFAULT_FILE);
  let secret = fromFiles.get(file);
  if (secret === undefined) {
    secret = usable(keptSecret(file), file);
    fromFiles.set(file, secret);
  }
  return secret;
}
