/** What the log may not carry (hashes, emails, card numbers, tokens), as a table. */
import { describe, expect, it } from 'vitest';
import { describeError, redactSecrets } from './log';

describe('redactSecrets keeps secrets out of the log', () => {
  it.each([
    ['an argon2 hash', 'hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo end', '$argon2id', '[hash]'],
    ['an email', 'for ada.lovelace+deals@example.co.uk failed', 'ada.lovelace', '[email]'],
    ['a card number', 'card 4111 1111 1111 1111 declined', '4111 1111', '[number]'],
    ['a card number without spaces', 'pan=5555555555554444', '5555555555554444', '[number]'],
    ['a base64url token', 'token Zq9xW2vB7nK4mP1sT8yR3uE6hJ0aL5cD-_ used', 'Zq9xW2vB7nK4', '[token]'],
    ['a hex digest', 'key 9f86d081884c7d659a2feaa0c55ad015 seen', '9f86d081', '[token]'],
    ['Drizzle parameters', 'Failed query: select 1\nparams: a,b,c', 'a,b,c', 'params: [left out]'],
  ])('hides %s', (_, text, secret, placeholder) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain(placeholder);
  });

  it('keeps a token pseudonym readable even when its 12 hex digits are all decimal digits (spec 8)', () => {
    const text = 'basket token mismatch: cookie sha256:ae52f2a31627, kept sha256:289147223780';
    expect(redactSecrets(text)).toBe(text);
    expect(redactSecrets('card 289147223780 declined')).toBe('card [number] declined');
  });

  it('keeps SQL identifiers, ids and dates readable', () => {
    const text = 'insert into "sold_out_notifications_by_deal" ("deal_id") values ($1) for order 12345 on 2026-11-24';
    expect(redactSecrets(text)).toBe(text);
  });

  it('describes a wrapped query error by its cause without the wrapper losing its own words', () => {
    const cause = Object.assign(new Error('Failed query: select 1\nparams: ada@example.co.uk'), {
      query: 'select 1',
      params: ['ada@example.co.uk'],
      cause: Object.assign(new Error('connection reset'), { code: '08006', detail: 'Key (email)=(ada@example.co.uk)' }),
    });
    const line = describeError(new Error('order failed', { cause }));
    expect(line).toBe('order failed (cause: Failed query: select 1 -- connection reset (code 08006))');
  });
});
