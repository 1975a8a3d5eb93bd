/** spec 4 variants assigned on the server: once, kept, only with performance cookies allowed, never on shared pages. */
import { describe, expect, it } from 'vitest';
import { experimentCookies, withExperimentCookies } from './experiment-cookies';

const now = new Date('2026-11-24T18:00:00Z');

describe('spec 4: experiment cookies', () => {
  it('a new visitor gets every variant; the dynamic price one ends at midnight UTC, the rest in 365 days', () => {
    const cookies = experimentCookies(null, { now, secure: true, random: () => 0 });
    expect(cookies).toContain('ab_group=AA; Path=/; Expires=Wed, 24 Nov 2027 18:00:00 GMT; SameSite=Lax; Secure');
    expect(cookies).toContain('dynamic_price=a; Path=/; Expires=Wed, 25 Nov 2026 00:00:00 GMT; SameSite=Lax; Secure');
    expect(cookies).toHaveLength(7);
  });

  it('a variant already chosen is kept; an unknown value is drawn again', () => {
    const header = 'ab_group=BB; autocomplete_variant=c; dynamic_price=zz';
    const cookies = experimentCookies(header, { now, secure: false, random: () => 0 });
    expect(cookies.some((cookie) => cookie.startsWith('ab_group='))).toBe(false);
    expect(cookies.some((cookie) => cookie.startsWith('autocomplete_variant='))).toBe(false);
    expect(cookies).toContain('dynamic_price=a; Path=/; Expires=Wed, 25 Nov 2026 00:00:00 GMT; SameSite=Lax');
  });

  it('refused performance cookies: no variant is set', () => {
    expect(experimentCookies('consent=groups%3DC0001%3A1%2CC0002%3A0', { now, secure: true })).toEqual([]);
  });

  it('never on a shared cached page or a post', () => {
    const shared = new Response('x', { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=1200' } });
    expect(withExperimentCookies(shared, new Request('http://x/'), false).headers.get('set-cookie')).toBeNull();
    const post = new Response('{}');
    expect(
      withExperimentCookies(post, new Request('http://x/', { method: 'POST' }), false).headers.get('set-cookie'),
    ).toBeNull();
    const personal = new Response('x', { headers: { 'Cache-Control': 'private, no-store' } });
    expect(
      withExperimentCookies(personal, new Request('http://x/myaccount'), false).headers.get('set-cookie'),
    ).toContain('ab_group=');
  });
});
