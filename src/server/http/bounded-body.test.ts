/** The bounded body reader (spec 8: bad input is a clear 4xx): size and depth checked before parsing. */
import { describe, expect, it } from 'vitest';
import { BODY_MESSAGES, readRequestBody } from './api';
import {
  jsonNestsDeeperThan,
  MAX_BODY_BYTES,
  MAX_JSON_DEPTH,
  parseBoundedJson,
  readBoundedBytes,
  readBoundedJson,
} from './bounded-body';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function post(body: BodyInit, type = 'application/json', headers: Record<string, string> = {}): Request {
  return new Request('http://shop.test/api/v1/x', {
    method: 'POST',
    headers: { 'content-type': type, ...headers },
    body,
  });
}

/** A body sent as a stream (no Content-Length), `chunks` pieces of `size` bytes. */
function streamed(chunks: number, size: number, pulled: { count: number }): Request {
  const chunk = new Uint8Array(size).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count >= chunks) return controller.close();
      pulled.count++;
      controller.enqueue(chunk);
    },
  });
  return new Request('http://shop.test/api/v1/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
}

describe('the depth scan', () => {
  it('accepts nesting exactly at the limit and refuses one more', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`)).toBe(false);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[{ a: [] }]])))).toBe(false);
  });

  it('ignores brackets inside strings', () => {
    const text = JSON.stringify({ note: '['.repeat(5000), other: '{{{{' });
    expect(jsonNestsDeeperThan(text)).toBe(false);
    expect(parseBoundedJson(text)).toEqual({ ok: true, value: { note: '['.repeat(5000), other: '{{{{' } });
  });

  it('follows escaped quotes and escaped backslashes', () => {
    // "a\"[[[" is one string; "\\" ends on the escaped backslash, so the brackets after it count.
    expect(jsonNestsDeeperThan(`["a\\"${'['.repeat(40)}"]`)).toBe(false);
    expect(jsonNestsDeeperThan(`["\\\\", ${nested(40)}]`)).toBe(true);
    expect(jsonNestsDeeperThan(`["\\\\${'['.repeat(40)}"]`)).toBe(false);
  });
});

describe('parseBoundedJson', () => {
  it('parses JSON within the limits, an empty body as {}', () => {
    expect(parseBoundedJson('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseBoundedJson('  ')).toEqual({ ok: true, value: {} });
  });

  it('answers invalid JSON and too deep JSON as 400s', () => {
    expect(parseBoundedJson('{')).toEqual({ ok: false, status: 400, reason: 'notJson' });
    expect(parseBoundedJson('{"a": [1,}')).toEqual({ ok: false, status: 400, reason: 'notJson' });
    expect(parseBoundedJson(nested(5000))).toEqual({ ok: false, status: 400, reason: 'tooDeep' });
  });
});

describe('readBoundedBytes', () => {
  it('reads a body within the limit', async () => {
    const read = await readBoundedBytes(post('{"a":1}'));
    expect(read.ok && new TextDecoder().decode(read.bytes)).toBe('{"a":1}');
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const request = new Request('http://shop.test/x', {
      method: 'POST',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
    });
    expect(await readBoundedBytes(request)).toMatchObject({ ok: false, status: 413 });
  });

  it('gives up a streamed body once past the limit, without reading the rest', async () => {
    const pulled = { count: 0 };
    const read = await readBoundedBytes(streamed(1000, 64 * 1024, pulled));
    expect(read).toMatchObject({ ok: false, status: 413 });
    expect(pulled.count).toBeLessThan(20);
  });

  it('takes a streamed body exactly at the limit', async () => {
    const read = await readBoundedBytes(streamed(16, MAX_BODY_BYTES / 16, { count: 0 }));
    expect(read.ok && read.bytes.byteLength).toBe(MAX_BODY_BYTES);
  });
});

describe('readBoundedJson and readRequestBody', () => {
  it('answer a huge body with 413', async () => {
    const huge = JSON.stringify({ a: 'x'.repeat(2 * MAX_BODY_BYTES) });
    expect(await readBoundedJson(post(huge))).toEqual({ ok: false, status: 413, reason: 'tooLarge' });
    const read = await readRequestBody(post(huge));
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.response.status).toBe(413);
      expect(await read.response.json()).toEqual({ status: 413, message: BODY_MESSAGES.tooLarge });
    }
  });

  it('answer a 5,000-deep body with 400 in the JSON error shape', async () => {
    const read = await readRequestBody(post(`{"dealId":${nested(5000)}}`));
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.response.status).toBe(400);
      expect(await read.response.json()).toEqual({ status: 400, message: BODY_MESSAGES.tooDeep });
    }
  });

  it('answer invalid JSON with 400', async () => {
    const read = await readRequestBody(post('{"a":'));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(await read.response.json()).toEqual({ status: 400, message: BODY_MESSAGES.notJson });
  });

  it('caps forms too, and still reads a form within the limit', async () => {
    const big = new URLSearchParams({ a: 'x'.repeat(2 * MAX_BODY_BYTES) }).toString();
    const refused = await readRequestBody(post(big, 'application/x-www-form-urlencoded'));
    expect(!refused.ok && refused.response.status).toBe(413);
    const read = await readRequestBody(post('dealId=1&email=a%40b.test', 'application/x-www-form-urlencoded'));
    expect(read).toEqual({ ok: true, isForm: true, value: { dealId: '1', email: 'a@b.test' } });
    const multipart = new FormData();
    multipart.set('email', 'a@b.test');
    const request = new Request('http://shop.test/x', { method: 'POST', body: multipart });
    expect(await readRequestBody(request)).toEqual({ ok: true, isForm: true, value: { email: 'a@b.test' } });
  });
});
