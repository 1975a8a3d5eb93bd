/** spec 5 cookie consent: allowed unless denied; marketing needs C0004:1 (table-driven). */
import { describe, expect, it } from 'vitest';
import { type ConsentCategory, choiceOf, formatConsent, isAllowed, parseConsent, readCookie } from './consent';

describe('spec 5: a category is allowed unless denied; marketing needs C0004:1', () => {
  it.each<[string | null, ConsentCategory, boolean]>([
    [null, 'necessary', true],
    [null, 'performance', true],
    [null, 'functional', true],
    [null, 'marketing', false],
    ['groups=C0001:1,C0002:0,C0003:1,C0004:0', 'performance', false],
    ['groups=C0001:1,C0002:0,C0003:1,C0004:0', 'functional', true],
    ['groups=C0001:1,C0002:0,C0003:1,C0004:0', 'marketing', false],
    ['groups=C0001:1,C0004:1', 'marketing', true],
    ['groups=C0001:1,C0004:1', 'performance', true],
    ['groups%3DC0001%3A1%2CC0004%3A1', 'marketing', true],
    ['groups=C0001:0', 'necessary', true],
    ['nonsense', 'marketing', false],
  ])('%s: %s → %s', (cookie, category, allowed) => {
    expect(isAllowed(parseConsent(cookie), category)).toBe(allowed);
  });

  it('no cookie (or an unreadable one) is no choice yet, so the banner asks', () => {
    expect(parseConsent(undefined).decided).toBe(false);
    expect(parseConsent('groups=').decided).toBe(false);
    expect(parseConsent('%E0%A4%A').decided).toBe(false);
  });

  it('a choice written and read back is the same choice, necessary always on', () => {
    const value = formatConsent({ performance: true, functional: false, marketing: true });
    expect(value).toBe('groups=C0001:1,C0002:1,C0003:0,C0004:1');
    expect(choiceOf(parseConsent(value))).toEqual({ performance: true, functional: false, marketing: true });
  });

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; consent=groups=C0001:1; b=2', 'consent')).toBe('groups=C0001:1');
    expect(readCookie('a=1', 'consent')).toBeNull();
    expect(readCookie(null, 'consent')).toBeNull();
  });
});
