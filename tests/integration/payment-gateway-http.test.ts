/**
 * Issue 16.5 on embedded PGlite: the shop reaches the payment sandbox over HTTP only. The sandbox's
 * server-to-server API (/sandbox/gateway/*) is served here by a node:http server on loopback, as the
 * site serves it, and called by the shop's own client (src/server/payments): a call without the
 * server key is refused (a browser cannot make one); a card sale, its capture and void, the vault
 * and the pay-later calls answer as the in-process gateway did; and the network's failures (nothing
 * listening, a 503, a 504, no answer in time) become the results the order service expects.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_PATHS, type PaymentMethodAnswer } from '../../src/contracts/payment-gateway';
import type { Database } from '../../src/server/db/client';
import { keptSecret, PAYMENTS_GATEWAY_SECRET } from '../../src/server/kept-secret';
import {
  createGatewayProvider,
  gatewayBaseUrl,
  PaymentProviderError,
  paymentProviders,
} from '../../src/server/payments';
import { serveSandboxGateway } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';

const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' as const });
const newKey = () => `gateway-http-${randomUUID()}`;

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

  /** The sandbox gateway on this file's database, with its switches, and the client's env for it. */
  async function gateway(sandboxEnv: NodeJS.ProcessEnv = {}) {
    const served = await serveSandboxGateway(database.db, { env: sandboxEnv });
    servers.push(served);
    return { url: served.url, env: { PAYMENTS_GATEWAY_SERVER_URL: served.url } as NodeJS.ProcessEnv };
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
      authorization: `Bearer ${keptSecret(PAYMENTS_GATEWAY_SECRET, {})}`,
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
    const provider = createGatewayProvider({ env });
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
    const provider = createGatewayProvider({ env });
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
        headers: { authorization: `Bearer ${keptSecret(PAYMENTS_GATEWAY_SECRET, {})}` },
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
    const providers = paymentProviders(env);
    const approval = {
      amount: gbp(60_00),
      orderLines: [{ name: 'Spa day for two', quantity: 1, totalMinor: 60_00 }],
      returnPath: '/checkout?pm=klarna',
      email: null,
    };
    const klarna = await providers.forMethod('klarna').openApproval?.(approval);
    expect(klarna).toMatchObject({ kind: 'opened', redirectUrl: expect.stringMatching(/^\/sandbox\/klarna\/hpp\//) });
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
      const provider = createGatewayProvider({ env });
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
      env: { PAYMENTS_GATEWAY_SERVER_URL: `http://127.0.0.1:${port}/sandbox/gateway` },
    });
    const refused = await nowhere.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-nowhere',
    });
    expect(refused.kind).toBe('unreachable');

    const { env } = await gateway({ PAYMENTS_FAULT: 'slow', PAYMENTS_SLOW_MS: '2000' });
    const impatient = createGatewayProvider({ env: { ...env, PAYMENTS_GATEWAY_TIMEOUT_MS: '50' } });
    const late = await impatient.authorise({
      nonce: 'fake-valid-visa-nonce',
      amount: gbp(25_00),
      idempotencyKey: newKey(),
      reference: 'order-late',
    });
    expect(late).toMatchObject({ kind: 'noResponse' });
  });

  it("defaults to the running site's own /sandbox/gateway, on loopback when HOST is a wildcard", () => {
    expect(gatewayBaseUrl({})).toBe('http://127.0.0.1:4321/sandbox/gateway');
    expect(gatewayBaseUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080/sandbox/gateway');
    expect(gatewayBaseUrl({ HOST: 'localhost', PORT: '4411' })).toBe('http://localhost:4411/sandbox/gateway');
    expect(gatewayBaseUrl({ PAYMENTS_GATEWAY_SERVER_URL: 'https://payments.example/api/' })).toBe(
      'https://payments.example/api',
    );
  });
});
