/**
 * The sandbox's card fingerprint key: one per installation, never in the source, so a stored
 * fingerprint beside the BIN and last four cannot be reversed to the card number by trying the few
 * candidates. `PAYMENTS_FINGERPRINT_SECRET` (at least 32 characters) when set; otherwise a random
 * secret made on first use and kept in `PAYMENTS_FINGERPRINT_SECRET_FILE` (default
 * `.data/payments-fingerprint.secret`, readable by the owner only).
 */
import { KeptSecretError, type KeptSecretSpec } from '@/domain/kept-secret';
import { PaymentsConfigError } from './config';
import { keptSecret } from './kept-secret';

/** The shortest secret accepted: 32 characters (a 256-bit key as hex is 64). */
export const FINGERPRINT_SECRET_MIN = 32;

const FINGERPRINT_SECRET: KeptSecretSpec = {
  variable: 'PAYMENTS_FINGERPRINT_SECRET',
  fileVariable: 'PAYMENTS_FINGERPRINT_SECRET_FILE',
  defaultFile: '.data/payments-fingerprint.secret',
  minLength: FINGERPRINT_SECRET_MIN,
};

/** This installation's fingerprint key (the environment's, else the kept one). */
export function fingerprintSecret(env: NodeJS.ProcessEnv = process.env): string {
  try {
    return keptSecret(FINGERPRINT_SECRET, env);
  } catch (error) {
    if (error instanceof KeptSecretError) throw new PaymentsConfigError(error.message);
    throw error;
  }
}
