/**
 * Issue 14.13 on embedded PGlite: the sandbox's card fingerprint is keyed with a per-installation secret
 * (PAYMENTS_FINGERPRINT_SECRET, else a random one kept in the data directory), never a key written
 * in the source, so the stored value beside the last four cannot be reversed to the number; the same
 * card still gives the same fingerprint (one saved row, issue 8), and fingerprints made under the old
 * source key are retired by the migration.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentsConfigError, tokenise } from '../../src/sandbox';
import type { Database } from '../../src/server/db/client';
import { paymentInstruments, sandboxNonces, sandboxVault } from '../../src/server/db/schema';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';

const VISA = '4111111111111111';
/** The key that used to be written in tokenise.ts: anyone with the source could rebuild every fingerprint. */
const OLD_SOURCE_KEY = 'tuppence-sandbox-card-fingerprint';
const oldFingerprint = (number: string) => createHmac('sha256', OLD_SOURCE_KEY).update(number).digest('hex');

describe('issue 14.13: no fingerprint key in the source', () => {
  it('no source file under src/ carries the old key or an HMAC keyed with a string literal', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|tsx|astro)$/.test(f));
    for (const file of files) {
      const text = readFileSync(path.join(root, file), 'utf8');
      expect(text, file).not.toContain(OLD_SOURCE_KEY);
      expect(text, file).not.toMatch(/createHmac\(\s*'[^']+'\s*,\s*['"`]/);
    }
  });
});

describe.each(embedded)('issue 14.13: card fingerprints on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function fingerprintWith(env: NodeJS.ProcessEnv, number = VISA): Promise<string | null> {
    const result = await tokenise(database.db, { number, expiryMonth: 12, expiryYear: 2031, cvv: '123' }, { env });
    if (!result.ok) throw new Error(`tokenise refused ${number}`);
    const [row] = await database.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, result.nonce));
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

  it('the migration retires fingerprints made under the old source key, and nothing else', async () => {
    const user = await addShopper(database.db);
    const old = oldFingerprint(VISA);
    await database.db.insert(sandboxNonces).values({ nonce: 'old-nonce-14-13', kind: 'card', fingerprint: old });
    await database.db.insert(sandboxVault).values({ token: 'old-vault-14-13', kind: 'card', fingerprint: old });
    await database.db.insert(sandboxVault).values({ token: 'paypal-14-13', kind: 'paypal', fingerprint: 'paypal:abc' });
    await database.db
      .insert(paymentInstruments)
      .values({ userId: user.id, type: 'card', token: 'old-vault-14-13', fingerprint: old });

    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../src/server/db/migrations/0006_retire_card_fingerprints.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }

    const [nonce] = await database.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, 'old-nonce-14-13'));
    expect(nonce?.fingerprint).toBeNull();
    const vault = await database.db.select().from(sandboxVault);
    expect(vault.find((row) => row.token === 'old-vault-14-13')?.fingerprint).toMatch(/^retired:[0-9a-f]{32}$/);
    expect(vault.find((row) => row.token === 'paypal-14-13')?.fingerprint).toBe('paypal:abc');
    const [saved] = await database.db.select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id));
    expect(saved?.fingerprint).toMatch(/^retired:[0-9a-f]{32}$/);
    expect(JSON.stringify([nonce, vault, saved])).not.toContain(old);
  });
});
