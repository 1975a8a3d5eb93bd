/**
 * Card fingerprints once made under a key written in the source are retired by the shop's
 * migration 0006: a saved card's fingerprint becomes a hash of its vault token, which says nothing
 * about the card. (The payment sandbox's own fingerprints and key: sandbox/tests/card-fingerprint.test.ts.
 * The sandbox's old tables in the shop's database, which that migration also cleaned, left it in
 * migration 0025: docs/decisions/035-sandbox-as-its-own-app.md.)
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { paymentInstruments } from '../../src/server/db/schema';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';

const VISA = '4111111111111111';
/** The key once written in the source: anyone with the source could rebuild every fingerprint. */
const OLD_SOURCE_KEY = 'tuppence-sandbox-card-fingerprint';
const oldFingerprint = (number: string) => createHmac('sha256', OLD_SOURCE_KEY).update(number).digest('hex');

describe.each(embedded)('retired card fingerprints on $name', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it("the migration retires saved cards' fingerprints made under the old source key, and nothing else", async () => {
    const user = await addShopper(database.db);
    const old = oldFingerprint(VISA);
    await database.db
      .insert(paymentInstruments)
      .values({ userId: user.id, type: 'card', token: 'old-vault-14-13', fingerprint: old });
    await database.db
      .insert(paymentInstruments)
      .values({ userId: user.id, type: 'paypal', token: 'paypal-14-13', fingerprint: 'paypal:abc' });

    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../src/server/db/migrations/0006_retire_card_fingerprints.sql'),
      'utf8',
    );
    // Its statements on the tables the shop still has (the sandbox's old ones are gone since 0025).
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.includes('"payment_instruments"')) await database.db.execute(sql.raw(statement));
    }

    const saved = await database.db.select().from(paymentInstruments).where(eq(paymentInstruments.userId, user.id));
    expect(saved.find((row) => row.token === 'old-vault-14-13')?.fingerprint).toMatch(/^retired:[0-9a-f]{32}$/);
    expect(saved.find((row) => row.token === 'paypal-14-13')?.fingerprint).toBe('paypal:abc');
    expect(JSON.stringify(saved)).not.toContain(old);
  });
});
