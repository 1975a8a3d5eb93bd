/**
 * One HTTP boundary (decision 038). Every spec 7 endpoint built with `endpoint()` answers a refusal of the
 * error family with its kind's status and its own wording as `{ message, status }`, anything else as
 * spec 8's generic message, and keeps the shared body reader's 400s (NUL characters, unreadable bodies).
 */
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NUL_MESSAGE } from '@/contracts/text';
import { ACCOUNT_COPY } from '@/domain/account-copy';
import {
  AccountError,
  BasketError,
  Conflict,
  Forbidden,
  getErrorMessage,
  Invalid,
  NotFound,
  PaymentDeclined,
  RateLimited,
  Unauthorised,
} from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { BODY_MESSAGES, endpoint, IDEMPOTENCY_KEY_REQUIRED } from '@/server/http';

function contextFor(init: RequestInit & { path?: string } = {}): APIContext {
  const url = new URL(init.path ?? '/api/v1/test', 'http://localhost');
  return { url, request: new Request(url, init), params: {}, locals: {} } as unknown as APIContext;
}

async function answer(route: ReturnType<typeof endpoint>, init?: RequestInit & { path?: string }) {
  const response = await route(contextFor(init));
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

const throwing = (error: unknown) =>
  endpoint({
    who: 'anyone',
    area: 'test',
    handler: () => {
      throw error;
    },
  });

describe('the error family maps to a status and its wording in one place', () => {
  it.each([
    [new NotFound('No deal has this id.'), 404],
    [new Invalid('The deal id must be a number'), 400],
    [new Conflict('Taken'), 409],
    [new Forbidden('Not yours'), 403],
    [new Unauthorised('Sign in'), 401],
    [new PaymentDeclined('Declined'), 402],
    [new RateLimited('Slow down'), 429],
  ])('%s answers %i with its message', async (error, status) => {
    expect(await answer(throwing(error))).toMatchObject({ status, body: { message: error.message, status } });
  });

  it("a service's named refusal keeps spec 8's wording and its status (and Retry-After when throttled)", async () => {
    const basket = await answer(throwing(new BasketError('noBasketToken')));
    expect(basket).toMatchObject({ status: 400, body: { message: MESSAGES.noBasketToken, status: 400 } });
    const throttled = await answer(throwing(new AccountError('throttled', 30)));
    expect(throttled).toMatchObject({ status: 429, body: { message: ACCOUNT_COPY.throttled } });
    expect(throttled.headers.get('Retry-After')).toBe('30');
  });

  it('an unexpected failure is spec 8 generic message, never its own text', async () => {
    const failed = await answer(throwing(new Error('relation "users" does not exist')));
    expect(failed).toMatchObject({ status: 503, body: { message: MESSAGES.somethingWentWrong, status: 503 } });
  });

  it('getErrorMessage reads any thrown value', () => {
    expect(getErrorMessage(new NotFound('No deal has this id.'))).toBe('No deal has this id.');
    expect(getErrorMessage('plain')).toBe('plain');
    expect(getErrorMessage({ odd: true })).toBe(MESSAGES.somethingWentWrong);
  });
});

describe('endpoint() reads the input and checks the caller before the handler runs', () => {
  const echo = endpoint({
    who: 'anyone',
    input: z.object({ name: z.string().min(1) }),
    area: 'test',
    handler: ({ input }) => ({ hello: input.name }),
  });

  it('a valid JSON body reaches the handler; its answer is JSON 200', async () => {
    const ok = await answer(echo, { method: 'POST', body: JSON.stringify({ name: 'Ann' }) });
    expect(ok).toMatchObject({ status: 200, body: { hello: 'Ann' } });
  });

  it('a body that fails the schema, is unreadable or holds a NUL character is a 400', async () => {
    expect((await answer(echo, { method: 'POST', body: JSON.stringify({ name: '' }) })).status).toBe(400);
    const broken = await answer(echo, {
      method: 'POST',
      body: '{"name":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken).toMatchObject({ status: 400, body: { message: BODY_MESSAGES.notJson } });
    const nul = await answer(echo, { method: 'POST', body: JSON.stringify({ name: 'A\u0000n' }) });
    expect(nul).toMatchObject({ status: 400, body: { message: NUL_MESSAGE } });
  });

  it('a customer endpoint without a signed-in customer is a 401 with the accounts wording', async () => {
    const route = endpoint({ who: 'customer', area: 'test', handler: () => ({ secret: true }) });
    expect(await answer(route)).toMatchObject({ status: 401, body: { message: ACCOUNT_COPY.notSignedIn } });
  });

  it('an operator endpoint does not exist without a configured operator token', async () => {
    const route = endpoint({ who: 'operator', area: 'test', handler: () => ({ changed: true }) });
    expect(await answer(route, { method: 'PATCH' })).toMatchObject({ status: 404 });
  });

  it('a paying endpoint needs an Idempotency-Key before anything else', async () => {
    const route = endpoint({ who: 'anyone', idempotent: true, area: 'test', handler: () => ({ paid: true }) });
    const missing = await answer(route, { method: 'POST', body: '{' });
    expect(missing).toMatchObject({ status: 400, body: { message: IDEMPOTENCY_KEY_REQUIRED } });
    const keyed = await answer(route, { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'k-1' } });
    expect(keyed).toMatchObject({ status: 200, body: { paid: true } });
  });
});
