/**
 * The sandbox gateway's promises (PAYMENTS.md): single-use nonces, idempotent sales, capture and
 * void, the accepted-brands and fault switches, the documented test nonces, and that no table
 * ever holds a card number. A tokenised card is authenticated with its issuer before its sale, as the
 * checkout does (PAYMENTS.md "3-D Secure 2"; decision 043).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorise, readSandboxConfig, settle, tokenise } from '../../sandbox';
import { transactions as sandboxTransactions, vault as sandboxVault } from '../../sandbox/db/schema';
import type { Database } from '../../src/server/db/client';
import { PaymentProviderError } from '../../src/server/payments';
import { sandboxDb } from '../fixtures/sandbox-database';
import { createSandboxProvider, PaymentsConfigError } from '../fixtures/sandbox-gateway';
import { enginesWhereSqlDiffers } from './databases';
import { authenticateCard } from './support/card-in-browser';

const newKey = () => `test-key-${randomUUID()}`;
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });

describe.each(enginesWhereSqlDiffers)('the sandbox gateway on $name', (engine) => {
  let database: Database;

  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    await database.close();
  });

  async function nonceFor(number: string, env = {}) {
    const result = await tokenise(
      sandboxDb(database.db),
      { number, expiryMonth: 4, expiryYear: 2032, cvv: '737' },
      { env },
    );
    if (!result.ok) throw new Error(result.message);
    return result.nonce;
  }

  /** The checkout's 3-D Secure authentication of a tokenised card's nonce for an amount (pence). */
  async function authenticationFor(nonce: string, amountMinor: number) {
    return (await authenticateCard(nonce, { amountMinor }, { db: database.db })).authenticationId;
  }

  async function transactionRows(idempotencyKey: string) {
    return database.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, idempotencyKey));
  }

  it('a nonce is single-use: the second sale with it fails as consumed', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const nonce = await nonceFor('4111111111111111');
    const request = { nonce, amount: gbp(1999), reference: 'r1' };
    const threeDSecureAuthenticationId = await authenticationFor(nonce, 1999);
    expect(
      (await provider.authorise({ ...request, idempotencyKey: newKey(), threeDSecureAuthenticationId })).kind,
    ).toBe('authorised');
    expect(await provider.authorise({ ...request, idempotencyKey: newKey() })).toMatchObject({
      kind: 'invalidInstrument',
      code: '93107',
      reason: 'checkDetails',
    });
    expect(
      await provider.authorise({ ...request, nonce: 'fake-consumed-nonce', idempotencyKey: newKey() }),
    ).toMatchObject({ kind: 'invalidInstrument', code: '93107' });
    expect(await provider.authorise({ ...request, nonce: 'no-such-nonce', idempotencyKey: newKey() })).toMatchObject({
      kind: 'failed',
      code: '91565',
    });
  });

  it('the same idempotency key gives the same answer and one sandbox_transactions row', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const key = newKey();
    const nonce = await nonceFor('5555555555554444');
    const request = {
      nonce,
      amount: gbp(4250),
      idempotencyKey: key,
      reference: 'r2',
      threeDSecureAuthenticationId: await authenticationFor(nonce, 4250),
    };
    const first = await provider.authorise(request);
    const again = await provider.authorise(request);
    expect(first.kind).toBe('authorised');
    expect(again).toEqual(first);
    expect(await transactionRows(key)).toHaveLength(1);
  });

  it('a refusal is replayed too, and two concurrent calls with one key make one transaction', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const key = newKey();
    const nonce = await nonceFor('4111111111111111');
    const request = {
      nonce,
      amount: gbp(200100),
      idempotencyKey: key,
      reference: 'r3',
      threeDSecureAuthenticationId: await authenticationFor(nonce, 200100),
    };
    const [a, b] = await Promise.all([provider.authorise(request), provider.authorise(request)]);
    expect(a).toMatchObject({ kind: 'processorDeclined', code: '2001' });
    expect(b).toEqual(a);
    expect(await transactionRows(key)).toHaveLength(1);
  });

  it('concurrent sales under one key on a reusable test nonce: one transaction, the same answer to each', async () => {
    // No row of the nonce's to wait on: the unique key alone makes the repeats wait for the first's
    // commit and answer with what it stored (docs/decisions/085).
    const key = newKey();
    const request = { nonce: 'fake-valid-visa-nonce', amountMinor: 2500, currency: 'GBP', idempotencyKey: key };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => authorise(sandboxDb(database.db), request, { env: {} })),
    );
    expect(answers[0]?.status).toBe('authorized');
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await transactionRows(key)).toHaveLength(1);

    // Another amount under a fresh key at the same moment: one of the two is stored, the other refused.
    const other = newKey();
    const pair = await Promise.all([
      authorise(sandboxDb(database.db), { ...request, idempotencyKey: other }, { env: {} }),
      authorise(sandboxDb(database.db), { ...request, idempotencyKey: other, amountMinor: 9000 }, { env: {} }),
    ]);
    expect(pair.map((answer) => answer.status).sort()).toEqual(['authorized', 'validation_error']);
    expect(pair.find((answer) => answer.status === 'validation_error')).toMatchObject({ field: 'idempotency_key' });
    expect(await transactionRows(other)).toHaveLength(1);
  });

  it('a repeated sale that would vault the card again leaves one saved card, the first one', async () => {
    const key = newKey();
    const fingerprint = 'fake:fake-valid-mastercard-nonce';
    const saved = () => database.db.select().from(sandboxVault).where(eq(sandboxVault.fingerprint, fingerprint));
    const before = (await saved()).length;
    const request = {
      nonce: 'fake-valid-mastercard-nonce',
      storeInVault: true,
      amountMinor: 1500,
      currency: 'GBP',
      idempotencyKey: key,
    };
    const first = await authorise(sandboxDb(database.db), request, { env: {} });
    const again = await authorise(sandboxDb(database.db), request, { env: {} });
    expect(first).toMatchObject({ status: 'authorized', vaulted: { fingerprint } });
    expect(again).toEqual(first);
    expect((await saved()).length).toBe(before + 1);
  });

  it('the same key with another amount is refused and changes nothing', async () => {
    const key = newKey();
    const nonce = await nonceFor('4111111111111111');
    const first = await authorise(
      sandboxDb(database.db),
      {
        nonce,
        amountMinor: 1000,
        currency: 'GBP',
        idempotencyKey: key,
        threeDSecureAuthenticationId: await authenticationFor(nonce, 1000),
      },
      { env: {} },
    );
    const other = await authorise(
      sandboxDb(database.db),
      { nonce, amountMinor: 9000, currency: 'GBP', idempotencyKey: key },
      { env: {} },
    );
    expect(first.status).toBe('authorized');
    expect(other).toMatchObject({ status: 'validation_error', field: 'idempotency_key' });
    const rows = await transactionRows(key);
    expect(rows.map((row) => [row.amountMinor, row.status])).toEqual([[1000, 'authorized']]);
  });

  it('capture: authorized -> submitted_for_settlement, then settles; capturing again is harmless', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const key = newKey();
    const result = await provider.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(1500),
      idempotencyKey: key,
      reference: 'r4',
    });
    if (result.kind !== 'authorised') throw new Error(result.kind);
    await provider.capture(result.transactionId, `${key}:capture`);
    await provider.capture(result.transactionId, `${key}:capture`);
    expect((await transactionRows(key))[0]?.status).toBe('submitted_for_settlement');
    expect(await settle(sandboxDb(database.db))).toBeGreaterThanOrEqual(1);
    expect((await transactionRows(key))[0]?.status).toBe('settled');
    await expect(provider.void(result.transactionId, `${key}:void`)).rejects.toMatchObject({ code: 'invalidState' });
  });

  it('void: authorized -> voided; voiding again is fine; a voided one cannot be captured', async () => {
    const provider = createSandboxProvider(database.db, { env: {} });
    const key = newKey();
    const nonce = await nonceFor('6011000991300009');
    const result = await provider.authorise({
      nonce,
      amount: gbp(800),
      idempotencyKey: key,
      reference: 'r5',
      threeDSecureAuthenticationId: await authenticationFor(nonce, 800),
    });
    if (result.kind !== 'authorised') throw new Error(result.kind);
    await provider.void(result.transactionId, `${key}:void`);
    await provider.void(result.transactionId, `${key}:void`);
    expect((await transactionRows(key))[0]?.status).toBe('voided');
    await expect(provider.capture(result.transactionId, `${key}:capture`)).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.void('nosuchtx', 'k')).rejects.toMatchObject({ code: 'notFound' });
  });

  it.each([
    ['fake-valid-nonce', 'authorised', 'Visa'],
    ['fake-valid-mastercard-nonce', 'authorised', 'Mastercard'],
    ['fake-valid-maestro-nonce', 'authorised', 'Maestro'],
    ['fake-apple-pay-visa-nonce', 'authorised', 'Apple Pay - Visa'],
    ['fake-android-pay-nonce', 'authorised', 'Google Pay'],
    ['fake-paypal-billing-agreement-nonce', 'authorised', 'PayPal'],
    ['fake-processor-declined-amex-nonce', 'processorDeclined', null],
    ['fake-gateway-rejected-fraud-nonce', 'gatewayRejected', null],
    ['fake-luhn-invalid-nonce', 'invalidInstrument', null],
  ])('PAYMENTS.md test nonce %s is accepted without tokenising: %s', async (nonce, kind, cardType) => {
    const provider = createSandboxProvider(database.db, { env: {} });
    for (let i = 0; i < 2; i += 1) {
      const result = await provider.authorise({ nonce, amount: gbp(1000), idempotencyKey: newKey(), reference: 'r6' });
      expect(result.kind).toBe(kind);
      if (cardType) expect(result).toMatchObject({ instrument: { cardType } });
    }
  });

  it('CARD_BRANDS_ACCEPTED without amex: an Amex card is refused as "American Express or Diners not accepted"', async () => {
    const env = { CARD_BRANDS_ACCEPTED: 'visa,mastercard' };
    const provider = createSandboxProvider(database.db, { env });
    const amex = await provider.authorise({
      nonce: await nonceFor('378282246310005', env),
      amount: gbp(1000),
      idempotencyKey: newKey(),
      reference: 'r7',
    });
    expect(amex).toMatchObject({ kind: 'invalidInstrument', reason: 'brandNotAccepted' });
    const visaNonce = await nonceFor('4111111111111111', env);
    const visa = await provider.authorise({
      nonce: visaNonce,
      amount: gbp(1000),
      idempotencyKey: newKey(),
      reference: 'r7',
      threeDSecureAuthenticationId: await authenticationFor(visaNonce, 1000),
    });
    expect(visa.kind).toBe('authorised');
    const diners = createSandboxProvider(database.db, { env: {} });
    expect(
      await diners.authorise({
        nonce: await nonceFor('30569309025904'),
        amount: gbp(1000),
        idempotencyKey: newKey(),
        reference: 'r7',
      }),
    ).toMatchObject({ kind: 'invalidInstrument', reason: 'brandNotAccepted' });
  });

  it('PAYMENTS_FAULT=unreachable and =timeout: unreachable / noResponse, and nothing is written', async () => {
    const nonce = await nonceFor('4111111111111111');
    const threeDSecureAuthenticationId = await authenticationFor(nonce, 1000);
    for (const [fault, kind] of [
      ['unreachable', 'unreachable'],
      ['timeout', 'noResponse'],
    ] as const) {
      const provider = createSandboxProvider(database.db, { env: { PAYMENTS_FAULT: fault } });
      const key = newKey();
      expect(
        (
          await provider.authorise({
            nonce,
            amount: gbp(1000),
            idempotencyKey: key,
            reference: 'r8',
            threeDSecureAuthenticationId,
          })
        ).kind,
      ).toBe(kind);
      expect(await transactionRows(key)).toHaveLength(0);
      await expect(provider.capture('anything', key)).rejects.toMatchObject({ code: kind, isRetryable: true });
    }
    // The nonce was never spent: once the gateway is back, it pays.
    const healthy = createSandboxProvider(database.db, { env: {} });
    expect(
      (
        await healthy.authorise({
          nonce,
          amount: gbp(1000),
          idempotencyKey: newKey(),
          reference: 'r8',
          threeDSecureAuthenticationId,
        })
      ).kind,
    ).toBe('authorised');
  });

  it('PAYMENTS_FAULT=slow still answers (late), with the sale already recorded', async () => {
    const provider = createSandboxProvider(database.db, { env: { PAYMENTS_FAULT: 'slow', PAYMENTS_SLOW_MS: '5' } });
    const key = newKey();
    const nonce = await nonceFor('4111111111111111');
    const result = await provider.authorise({
      nonce,
      amount: gbp(1000),
      idempotencyKey: key,
      reference: 'r9',
      threeDSecureAuthenticationId: await authenticationFor(nonce, 1000),
    });
    expect(result.kind).toBe('authorised');
    expect(await transactionRows(key)).toHaveLength(1);
  });

  it('PAYMENTS_FAULT is refused in production, and bad switch values stop with a clear message', () => {
    expect(() =>
      createSandboxProvider(database.db, { env: { NODE_ENV: 'production', PAYMENTS_FAULT: 'slow' } }),
    ).toThrow(/refused in production/);
    expect(() => readSandboxConfig({ PAYMENTS_FAULT: 'sometimes' })).toThrow(PaymentsConfigError);
    expect(() => readSandboxConfig({ CARD_BRANDS_ACCEPTED: 'visa,diners' })).toThrow(/unknown brands \(diners\)/);
    expect(readSandboxConfig({ NODE_ENV: 'production' }).fault).toBeNull();
  });

  it('no table or column holds a card number or CVV: only brand, last four and expiry', async () => {
    const number = '4012888888881881';
    const result = await tokenise(
      sandboxDb(database.db),
      { number, expiryMonth: 4, expiryYear: 2032, cvv: '9173', postcode: 'LS1 4AP' },
      { env: {} },
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.details).toEqual({ cardType: 'Visa', lastFour: '1881', expiryMonth: '04', expiryYear: '2032' });
    const key = newKey();
    const authorised = await authorise(
      sandboxDb(database.db),
      {
        nonce: result.nonce,
        amountMinor: 1200,
        currency: 'GBP',
        idempotencyKey: key,
        threeDSecureAuthenticationId: await authenticationFor(result.nonce, 1200),
      },
      { env: {} },
    );
    expect(authorised.status).toBe('authorized');
    // The shop's tables and the sandbox's own (its schema, on the same database here).
    const columns = await database.db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema in (current_schema(), 'sandbox') and data_type in ('text', 'character varying', 'jsonb', 'json')`);
    expect(columns.rows.length).toBeGreaterThan(10);
    expect(columns.rows.some((column) => column.table_schema === 'sandbox' && column.table_name === 'nonces')).toBe(
      true,
    );
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns.rows) {
      const hits = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_schema)}.${sql.identifier(table_name)}
            where ${sql.identifier(column_name)}::text like ${`%${number}%`}
               or ${sql.identifier(column_name)}::text = ${'9173'}
               or ${sql.identifier(column_name)}::text like ${'%"9173"%'}
               or ${sql.identifier(column_name)}::text like ${'%40128888%'}`,
      );
      if (Number(hits.rows[0]?.n) > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
    }
    expect(found).toEqual([]);
  });
});
