/**
 * The gateway's server key as the shop holds it: PAYMENTS_GATEWAY_SECRET when set, else the key the
 * payment sandbox issued into PAYMENTS_GATEWAY_SECRET_FILE (default .data/payments-gateway.secret;
 * both declared in src/server/config.ts, which checks a configured key's length).
 * The shop reads that file and never makes it: the sandbox, like a provider, issues the key, and
 * `npm start` starts it before the shop (docs/decisions/035-sandbox-as-its-own-app.md). Until the
 * file exists there is no gateway to call, and the calls answer as an unreachable one would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GATEWAY_KEY } from '@/contracts/payment-gateway';
import { checkedSecret } from '@/domain/kept-secret';
import type { GatewaySettings } from '@/server/config';

const readFromFiles = new Map<string, string>();

/** The key to send, or null when none is configured and the sandbox has not issued one yet. */
export function gatewayKey(settings: Pick<GatewaySettings, 'secret' | 'secretFile'>): string | null {
  if (settings.secret !== undefined) return settings.secret;
  const file = path.resolve(process.cwd(), settings.secretFile);
  const known = readFromFiles.get(file);
  if (known !== undefined) return known;
  let kept: string;
  try {
    kept = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = checkedSecret(kept, file, GATEWAY_KEY.minLength);
  readFromFiles.set(file, key);
  return key;
}
