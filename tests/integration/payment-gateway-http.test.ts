/**
 * The shop reaches the payment sandbox over HTTP only (docs/decisions/020-payment-gateway-over-http.md,
 * 035-sandbox-as-its-own-app.md). The sandbox's server-to-server API (/gateway/*) is served here by a
 * node:http server on loopback, as its own process serves it, and called by the shop's own client
 * (src/server/payments): a call without the server key is refused (a browser cannot make one); a card
 * sale, its capture and void, the vault and the pay-later calls answer as the in-process gateway did;
 * the network's failures (nothing listening, a 503, a 504, no answer in time) become the results the
 * order service expects; and with no key configured the shop reads the one the sandbox issued.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptSecret } from '../../sandbox/kept-secret';
import { GATEWAY_KEY, GATEWAY_PATHS, type PaymentMethodAnswer } from '../../src/contracts/payment-gateway';
import type { Database } from '../../src/server/db/client';
import { createGatewayProvider, PaymentProviderError, paymentProviders } from '../../src/server/payments';
import { gatewayFrom, serveSandboxGateway } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });
const newKey = () => `gateway-http-${randomUUID()}`;
/** No PAYMENTS_GATEWAY_SECRET: the key the sandbox issues, kept in a file of this run's own. */
const keyFile = () => path.join(mkdtempSync(path.join(tmpdir(), 'tuppence-gateway-key-')), 'payments-gateway.secret');
const issued = { PAYMENTS_GATEWAY_SECRET_FILE: keyFile() };

describe.each(embedded)('the payment gateway over HTTP on $name', (engine) => {
  let database: Database;
  const servers: { close: () => Promise<void> }[] = [];

  beforeAll(async () => {
    database = await engine.open();
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.close();
  });

  /** The sandbox gateway on this file's database, with its switches, and the client's variables for it. */
  async function gateway(sandboxEnv: NodeJS.ProcessEnv = {}) {
    const served = await serveSandboxGateway(database.db, { env: { ...issued, ...sandboxEnv } });
    servers.push(served);
    return { url: served.url, env: { ...issued, PAYMENTS_GATEWAY_SERVER_URL: served.url } as NodeJS.ProcessEnv };
  }

  it('refuses a call without the server key, or with a wrong one (401), and says nothing more', async () => {
    const { url } = await gateway();
    const sale = { nonce: 'fake-valid-visa-nonce', amountMinor: 25_00, currency: 'GBP', idempotencyKey: newKey() };
    const asBrowser = await fetch(`${url}/${GATEWAY_PATHS.sale}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sale),
    });
    expect(asBrowser.status).toBe(401);
    expect(asBrowser.headers.get('www-authenticate')).toBe('Bearer');
    expect(asBrowser.headers.get('cache-control')).toBe('private, no-store');
    const guessed = await fetch(`${url}/${GATEWAY_PATHS.sale}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${'0'.repeat(64)}` },
      body: JSON.stringify(sale),
    });
    expect(guessed.status).toBe(401);
  });

  it('answers a keyed call: a bad body is a 400 naming the field, an unknown call a 404, a wrong method a 405', async () => {
    const { url } = await gateway();
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${keptSecret(GATEWAY_KEY, issued)}`,
    };
    const bad = await fetch(`${url}/${GATEWAY_PATHS.sale}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ nonce: 'fake-valid-visa-nonce', amountMinor: 12.5, currency: 'GBP', idempotencyKey: 'k' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'amountMinor must be a whole number of pence.' });
    expect((await fetch(`${url}/transactions/refunds`, { method: 'POST', headers, body: '{}' })).status).toBe(404);
    const wrongMethod = await fetch(`${url}/${GATEWAY_PATHS.sale}`, { headers });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });

  it('authorises, captures and voids a card sale through the shop client; a repeat of either is harmless', async () => {
    const { env } = await gateway();
    const provider = createGatewayProvider({ gateway: gatewayFrom(env) });
    const first = await provider.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-1',
    });
    expect(first).toMatchObject({ kind: 'authorised', instrument: { cardType: 'Visa' } });
    if (first.kind !== 'authorised') return;
    await provider.capture(first.transactionId, newKey());
    await provider.capture(first.transactionId, newKey());

    const second = await provider.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-2',
    });
    if (second.kind !== 'authorised') throw new Error(`not authorised: ${second.kind}`);
    await provider.void(second.transactionId, newKey());
    await provider.void(second.transactionId, newKey());
    // A captured sale cannot be voided here and a made-up one is not found: neither is worth retrying.
    await expect(provider.void('nosuchid', newKey())).rejects.toMatchObject({ code: 'notFound', isRetryable: false });
  });

  it('keeps a card in the vault, looks it up by token, and deletes it so it cannot pay again', async () => {
    const { url, env } = await gateway();
    const provider = createGatewayProvider({ gateway: gatewayFrom(env) });
    const saved = await provider.authorise({
      nonce: 'fake-valid-mastercard-nonce',
      storeInVault: true,
      amount: gbp(10_00),
      idempotencyKey: newKey(),
      reference: 'order-vault',
    });
    if (saved.kind !== 'authorised' || !saved.vaulted) throw new Error('the card was not vaulted');
    const lookUp = async () => {
      const response = await fetch(`${url}/${GATEWAY_PATHS.paymentMethod(saved.vaulted?.token ?? '')}`, {
        headers: { authorization: `Bearer ${keptSecret(GATEWAY_KEY, issued)}` },
      });
      return (await response.json()) as PaymentMethodAnswer;
    };
    expect(await lookUp()).toMatchObject({
      found: true,
      instrument: { kind: 'card', cardType: 'Mastercard' },
      fingerprint: saved.vaulted.fingerprint,
    });
    await provider.deletePaymentMethod?.(saved.vaulted.token);
    expect(await lookUp()).toEqual({ found: false });
    const again = await provider.authorise({
      nonce: '',
      paymentMethodToken: saved.vaulted.token,
      amount: gbp(10_00),
      idempotencyKey: newKey(),
      reference: 'order-vault-2',
    });
    expect(again).toMatchObject({ kind: 'invalidInstrument', reason: 'savedInstrumentGone' });
  });

  it("opens Klarna's and Clearpay's approval pages and reads Clearpay's limits over the API", async () => {
    const { env } = await gateway();
    const providers = paymentProviders({ gateway: gatewayFrom(env) });
    const approval = {
      amount: gbp(60_00),
      orderLines: [{ name: 'Spa day for two', quantity: 1, totalMinor: 60_00 }],
      returnUrl: 'http://localhost:4321/checkout?pm=klarna',
      email: null,
    };
    const klarna = await providers.forMethod('klarna').openApproval?.(approval);
    expect(klarna).toMatchObject({
      kind: 'opened',
      redirectUrl: expect.stringMatching(/^http:\/\/sandbox\.test\/klarna\/hpp\//),
    });
    const clearpay = await providers.forMethod('clearpay').openApproval?.({ ...approval, amount: gbp(1300_00) });
    expect(clearpay).toEqual({ kind: 'refused', text: 'The amount is outside the limits for this merchant.' });
    expect(await providers.payLaterLimits('GBP')).toEqual({
      klarna: { minMinor: 25_00, maxMinor: 4000_00 },
      clearpay: { minMinor: 1_00, maxMinor: 1200_00 },
    });
  });

  it('PAYMENTS_FAULT at the gateway: unreachable is a 503 and timeout a 504, each with nothing done', async () => {
    for (const [fault, kind] of [
      ['unreachable', 'unreachable'],
      ['timeout', 'noResponse'],
    ] as const) {
      const { env } = await gateway({ PAYMENTS_FAULT: fault });
      const provider = createGatewayProvider({ gateway: gatewayFrom(env) });
      const answer = await provider.authorise({
        nonce: 'fake-valid-visa-nonce',
        amount: gbp(25_00),
        idempotencyKey: newKey(),
        reference: `order-${fault}`,
      });
      expect(answer.kind).toBe(kind);
      const capture = provider.capture('anything', newKey());
      await expect(capture).rejects.toBeInstanceOf(PaymentProviderError);
      await expect(capture).rejects.toMatchObject({ isRetryable: true });
    }
  });

  it('nothing listening is unreachable; an answer slower than PAYMENTS_GATEWAY_TIMEOUT_MS is no response', async () => {
    // A port that was listening a moment ago and is closed now.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = createGatewayProvider({
      gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: `http://127.0.0.1:${port}/gateway` }),
    });
    const refused = await nowhere.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-nowhere',
    });
    expect(refused.kind).toBe('unreachable');

    const { env } = await gateway({ PAYMENTS_FAULT: 'slow', PAYMENTS_SLOW_MS: '2000' });
    const impatient = createGatewayProvider({ gateway: gatewayFrom({ ...env, PAYMENTS_GATEWAY_TIMEOUT_MS: '50' }) });
    const late = await impatient.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-late',
    });
    expect(late).toMatchObject({ kind: 'noResponse' });
  });

  it('with no key configured the shop reads the one the sandbox issued; until it has, the gateway is unreachable', async () => {
    const file = keyFile();
    const before = createGatewayProvider({
      gateway: gatewayFrom({
        PAYMENTS_GATEWAY_SERVER_URL: 'http://127.0.0.1:9/gateway',
        PAYMENTS_GATEWAY_SECRET_FILE: file,
      }),
    });
    const sale = { nonce: 'fake-valid-visa-nonce', amount: gbp(25_00), reference: 'order-key' };
    expect(await before.authorise({ ...sale, idempotencyKey: newKey() })).toMatchObject({ kind: 'unreachable' });
    const { url } = await gateway({ PAYMENTS_GATEWAY_SECRET_FILE: file });
    // The sandbox made it at its start: owner-only, a 256-bit key.
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o077).toBe(0);
    const after = createGatewayProvider({
      gateway: gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: url, PAYMENTS_GATEWAY_SECRET_FILE: file }),
    });
    expect(await after.authorise({ ...sale, idempotencyKey: newKey() })).toMatchObject({ kind: 'authorised' });
  });

  it("defaults to the payment sandbox's local address, on loopback when SANDBOX_HOST is a wildcard", () => {
    expect(gatewayFrom({}).serverUrl).toBe('http://localhost:4322/gateway');
    expect(gatewayFrom({ SANDBOX_HOST: '0.0.0.0', SANDBOX_PORT: '8080' }).serverUrl).toBe(
      'http://127.0.0.1:8080/gateway',
    );
    expect(gatewayFrom({ SANDBOX_HOST: '127.0.0.1', SANDBOX_PORT: '4411' }).serverUrl).toBe(
      'http://127.0.0.1:4411/gateway',
    );
    // The shop's own HOST and PORT are the shop's: the gateway is not on them.
    expect(gatewayFrom({ HOST: '0.0.0.0', PORT: '8080' }).serverUrl).toBe('http://localhost:4322/gateway');
    expect(gatewayFrom({ PAYMENTS_GATEWAY_SERVER_URL: 'https://payments.example/api/' }).serverUrl).toBe(
      'https://payments.example/api',
    );
  });
});
