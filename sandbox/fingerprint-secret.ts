/**
 * The sandbox's card fingerprint key: one per installation, never in the source, so a stored
 * fingerprint beside the BIN and last four cannot be reversed to the card number by trying the few
 * candidates. `PAYMENTS_FINGERPRINT_SECRET` (at least 32 characters) when set; otherwise a random
 * secret made on first use and kept in `PAYMENTS_FINGERPRINT_SECRET_FILE` (default
 * `.data/payments-fingerprint.secret`, readable by the owner only; both declared in ./settings.ts).
 */
import { KeptSecretError } from '@/domain/kept-secret';
import { keptSecret } from './kept-secret';
import { FINGERPRINT_SECRET, PaymentsConfigError, type SandboxVariables } from './settings';

/** This installation's fingerprint key (the variables', else the kept one). */
export function fingerprintSecret(env?: SandboxVariables): string {
  try {
    return keptSecret(FINGERPRINT_SECRET, env);
  } catch (error) {
    if (error instanceof KeptSecretError) throw new PaymentsConfigError(error.message);
    throw error;
  }
}
