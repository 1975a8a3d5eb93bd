/**
 * The sandbox's card fingerprint is keyed with a per-installation secret (PAYMENTS_FINGERPRINT_SECRET,
 * else a random one the sandbox keeps in its data directory: ../kept-secret.ts), never a key written
 * in the source, so the stored value beside the last four cannot be reversed to the number; the same
 * card still gives the same fingerprint (a card saved twice is one instrument).
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { nonces } from '../db/schema';
import { tokenise } from '../index';
import { PaymentsConfigError } from '../settings';
import { databaseOf, sandboxEmbedded } from './support';

const VISA = '4111111111111111';
/** The key once written in the source: anyone with the source could rebuild every fingerprint. */
const OLD_SOURCE_KEY = 'tuppence-sandbox-card-fingerprint';
const oldFingerprint = (number: string) => createHmac('sha256', OLD_SOURCE_KEY).update(number).digest('hex');

describe('no fingerprint key in the source', () => {
  it.each(['src', 'sandbox'])(
    'no source file under %s/ carries the old key or an HMAC keyed with a string literal',
    (dir) => {
      const root = path.resolve(import.meta.dirname, '../..', dir);
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
        (file) => /\.(ts|tsx|astro)$/.test(file) && !file.endsWith('.test.ts'),
      );
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = readFileSync(path.join(root, file), 'utf8');
        expect(text, file).not.toContain(OLD_SOURCE_KEY);
        expect(text, file).not.toMatch(/createHmac\(\s*'[^']+'\s*,\s*['"`]/);
      }
    },
  );
});

describe.each(sandboxEmbedded)('card fingerprints on $name', (engine) => {
  const db = databaseOf(engine);

  async function fingerprintWith(env: NodeJS.ProcessEnv, number = VISA): Promise<string | null> {
    const result = await tokenise(db(), { number, expiryMonth: 12, expiryYear: 2031, cvv: '123' }, { env });
    if (!result.ok) throw new Error(`tokenise refused ${number}`);
    const [row] = await db().select().from(nonces).where(eq(nonces.nonce, result.nonce));
    return row?.fingerprint ?? null;
  }

  it('two installations with different secrets give different fingerprints for the same card, neither the old one', async () => {
    const here = { PAYMENTS_FINGERPRINT_SECRET: 'a'.repeat(64) };
    const there = { PAYMENTS_FINGERPRINT_SECRET: 'b'.repeat(64) };
    const mine = await fingerprintWith(here);
    expect(mine).toMatch(/^[0-9a-f]{64}$/);
    // The same card at the same installation: the same fingerprint (a card saved twice is one row).
    expect(await fingerprintWith(here)).toBe(mine);
    expect(await fingerprintWith(here, '5555555555554444')).not.toBe(mine);
    const theirs = await fingerprintWith(there);
    expect(theirs).not.toBe(mine);
    expect([mine, theirs]).not.toContain(oldFingerprint(VISA));
  });

  it('without PAYMENTS_FINGERPRINT_SECRET a random secret is made once, kept owner-only in the data directory, and reused', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tuppence-fp-'));
    const file = path.join(dir, 'data', 'payments-fingerprint.secret');
    const first = await fingerprintWith({ PAYMENTS_FINGERPRINT_SECRET_FILE: file });
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(await fingerprintWith({ PAYMENTS_FINGERPRINT_SECRET_FILE: file })).toBe(first);
    const elsewhere = path.join(dir, 'other', 'payments-fingerprint.secret');
    const second = await fingerprintWith({ PAYMENTS_FINGERPRINT_SECRET_FILE: elsewhere });
    expect(second).not.toBe(first);
    expect([first, second]).not.toContain(oldFingerprint(VISA));
  });

  it('a secret too short to be a key is refused with a message saying so', async () => {
    await expect(fingerprintWith({ PAYMENTS_FINGERPRINT_SECRET: 'short' })).rejects.toThrow(PaymentsConfigError);
  });
});
