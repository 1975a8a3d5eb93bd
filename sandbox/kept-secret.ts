/**
 * The secrets the sandbox keeps for its installation (the gateway's server key it issues to the
 * shop, its card fingerprint key): the environment's value when set, else one made at random on
 * first use and kept owner-only in a file (the rule: src/domain/kept-secret.ts). The sandbox is the
 * one that makes them, as a provider issues a merchant's API key; the shop only reads the gateway
 * key's file (docs/decisions/035-sandbox-as-its-own-app.md).
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkedSecret, type KeptSecretSpec } from '@/domain/kept-secret';
import { readKeptSecretSetting, type SandboxVariables } from './settings';

const fromFiles = new Map<string, string>();

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

/** This installation's secret (the environment's, else the kept one, made when missing). */
export function keptSecret(spec: KeptSecretSpec, env?: SandboxVariables): string {
  const setting = readKeptSecretSetting(spec, env);
  if (setting.value !== null) return setting.value;
  const file = path.resolve(process.cwd(), setting.file);
  let value = fromFiles.get(file);
  if (value === undefined) {
    value = checkedSecret(readOrMake(file), file, spec.minLength);
    fromFiles.set(file, value);
  }
  return value;
}
