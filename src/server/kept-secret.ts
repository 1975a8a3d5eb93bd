/**
 * A secret one installation keeps (the sandbox's card fingerprint key, the payment gateway's server
 * key): the environment's value when set, else a random one made on first use and kept in a file
 * readable by the owner only, as sessions and mail keep theirs. Never in the source. Shared
 * infrastructure: the shop and the payment sandbox both read their secrets through it.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface KeptSecret {
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

const fromFiles = new Map<string, string>();

function usable(secret: string, where: string, minLength: number): string {
  if (secret.length < minLength) {
    throw new KeptSecretError(`${where} must be at least ${minLength} characters (e.g. openssl rand -hex 32).`);
  }
  return secret;
}

/** Reads the kept secret, or makes it: written beside, then linked in, so two processes agree on one. */
function readOrMake(file: string): string {
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

/** This installation's secret (the environment's, else the kept one). */
export function keptSecret(secret: KeptSecret, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env[secret.variable]?.trim();
  if (configured) return usable(configured, secret.variable, secret.minLength);
  const file = path.resolve(process.cwd(), env[secret.fileVariable]?.trim() || secret.defaultFile);
  let value = fromFiles.get(file);
  if (value === undefined) {
    value = usable(readOrMake(file), file, secret.minLength);
    fromFiles.set(file, value);
  }
  return value;
}

/**
 * The payment gateway's server key (issue 16.5): what the shop sends and the gateway checks on every
 * server-to-server call. PAYMENTS_GATEWAY_SECRET when set (the real provider's, or one shared with a
 * sandbox elsewhere); otherwise one made for this installation in .data/payments-gateway.secret, which
 * the shop and the sandbox it serves itself both read.
 */
export const PAYMENTS_GATEWAY_SECRET: KeptSecret = {
  variable: 'PAYMENTS_GATEWAY_SECRET',
  fileVariable: 'PAYMENTS_GATEWAY_SECRET_FILE',
  defaultFile: '.data/payments-gateway.secret',
  minLength: 32,
};
