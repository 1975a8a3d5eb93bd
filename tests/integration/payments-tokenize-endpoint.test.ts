/**
 * POST /sandbox/bt/tokenize (PAYMENTS.md ground rules): bad input is a 400 with a plain message,
 * a good card gets a nonce, and no answer, good or bad, ever carries the card number.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { sandboxNonces } from '../../src/server/db/schema';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST } = await import('../../src/sandbox/routes/bt/tokenize');

function post(body: string): Promise<Response> {
  const url = 'http://localhost/sandbox/bt/tokenize';
  const request = new Request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return Promise.resolve(POST({ request, url: new URL(url) } as unknown as APIContext));
}

const good = { number: '4111 1111 1111 1111', expiryMonth: 12, expiryYear: 31, cvv: '123', postcode: 'LS1 4AP' };

describe.each(embedded)('POST /sandbox/bt/tokenize on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('a good card gets a nonce, its brand, last four and expiry, privately, without the number', async () => {
    const response = await post(JSON.stringify(good));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('4111 1111 1111 1111');
    const body = JSON.parse(text);
    expect(body).toEqual({
      nonce: expect.stringMatching(/^tokencc_/),
      details: { cardType: 'Visa', lastFour: '1111', expiryMonth: '12', expiryYear: '2031' },
    });
    if (!shared.database) throw new Error('test database not open');
    const [stored] = await shared.database.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, body.nonce));
    expect(stored).toMatchObject({
      kind: 'card',
      cardType: 'Visa',
      lastFour: '1111',
      behaviour: 'ok',
      consumedAt: null,
    });
  });

  it.each([
    ['not JSON', '{number: 4111', 'Send JSON'],
    ['no number', JSON.stringify({ ...good, number: undefined }), 'card number'],
    ['a number with letters', JSON.stringify({ ...good, number: '4111 1111 1111 111x' }), '12 to 19 digits'],
    ['a short number', JSON.stringify({ ...good, number: '41111111111' }), '12 to 19 digits'],
    ['month 13', JSON.stringify({ ...good, expiryMonth: 13 }), 'month'],
    ['a three-digit year', JSON.stringify({ ...good, expiryYear: 203 }), 'year'],
    ['a five-digit CVV', JSON.stringify({ ...good, cvv: '12345' }), 'security code'],
    ['a numeric CVV', JSON.stringify({ ...good, cvv: 123 }), 'security code'],
  ])('%s: 400 with a plain message that does not echo the number', async (_name, body, says) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const answer = await response.json();
    expect(answer).toEqual({ status: 400, message: expect.stringContaining(says) });
    expect(answer.message).not.toMatch(/4111/);
  });

  it('PAYMENTS_FAULT=unreachable: 503 "We couldn\'t contact the payment provider right now..."', async () => {
    vi.stubEnv('PAYMENTS_FAULT', 'unreachable');
    const response = await post(JSON.stringify(good));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 503,
      message: "We couldn't contact the payment provider right now. Please pay using Visa or Mastercard.",
    });
  });
});
