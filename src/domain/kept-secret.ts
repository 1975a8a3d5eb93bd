/**
 * The rule for a secret an installation keeps (the payment gateway's server key, the sandbox's card
 * fingerprint key): the environment's value when set, else a value kept in a file readable by its
 * owner only, and never one written in the source. Pure: it says where the value comes from and
 * whether it will do; the variables are read by each app's configuration (src/server/config.ts,
 * sandbox/settings.ts), and reading and making the file is the I/O of whoever keeps it (the payment
 * sandbox makes the keys it issues, the shop only reads the gateway key:
 * docs/decisions/035-sandbox-as-its-own-app.md).
 */

/** Where one secret is configured. */
export interface KeptSecretSpec {
  /** The variable that sets it, e.g. PAYMENTS_GATEWAY_SECRET. */
  variable: string;
  /** The variable naming the file it is kept in otherwise, and that file's default. */
  fileVariable: string;
  defaultFile: string;
  /** The shortest value accepted. */
  minLength: number;
}

/** A secret that is missing, too short or unreadable; the message says what to do. */
export class KeptSecretError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeptSecretError';
  }
}

/** `value` when it is long enough to be a key; `where` names it in the refusal. */
export function checkedSecret(value: string, where: string, minLength: number): string {
  if (value.length < minLength) {
    throw new KeptSecretError(`${where} must be at least ${minLength} characters (e.g. openssl rand -hex 32).`);
  }
  return value;
}
