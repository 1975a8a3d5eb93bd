/** spec 2 / 6 / 9: when the email-capture lightbox shows (table-driven). */
import { describe, expect, it } from 'vitest';
import { isExcludedPath, LIGHTBOX_DELAY_MS, type LightboxVisit, lightboxDecision } from './email-capture';

const guest: LightboxVisit = {
  pathname: '/deals/london',
  now: new Date('2026-06-01T12:00:00Z'),
  signedIn: false,
  hasAffiliateCookie: false,
  hasBrandCookie: false,
  isCrawler: false,
  dismissed: false,
};

describe('spec 2: the lightbox is excluded on these pages', () => {
  it.each([
    ['/checkout', true],
    ['/faqs', true],
    ['/merchantfaqs', true],
    ['/welcome', true],
    ['/myaccount/refer-a-friend', true],
    ['/refer-a-friend', true],
    ['/page/internetsafety', true],
    ['/internetsafety', true],
    ['/email-deals/london', true],
    ['/guides/affiliates-tuppence', true],
    ['/email/preferences', true],
    ['/deals/london', false],
    ['/deal/123', false],
    ['/ppc', false],
    ['/', false],
  ])('%s → %s', (pathname, excluded) => {
    expect(isExcludedPath(pathname)).toBe(excluded);
  });
});

describe('spec 2 / 6 / 9: who sees the lightbox, and when', () => {
  it('a guest on a listing sees it after 2000 ms', () => {
    expect(lightboxDecision(guest)).toEqual({ show: true, delayMs: 2000 });
    expect(LIGHTBOX_DELAY_MS).toBe(2000);
  });

  it.each<[string, Partial<LightboxVisit>, string]>([
    ['on checkout', { pathname: '/checkout' }, 'excluded-page'],
    ['signed in', { signedIn: true }, 'signed-in'],
    ['with an affiliate cookie', { hasAffiliateCookie: true }, 'affiliate'],
    ['with a brand cookie', { hasBrandCookie: true }, 'brand-cookie'],
    ['a crawler', { isCrawler: true }, 'crawler'],
    ['after closing it', { dismissed: true }, 'dismissed'],
    ['on 24 November 2023', { now: new Date('2023-11-24T00:30:00Z') }, 'switched-off'],
    ['on 28 November 2023 (UK evening)', { now: new Date('2023-11-28T23:30:00Z') }, 'switched-off'],
  ])('never %s', (_, change, reason) => {
    expect(lightboxDecision({ ...guest, ...change })).toEqual({ show: false, reason });
  });

  it('shows again the day after the switched-off window', () => {
    expect(lightboxDecision({ ...guest, now: new Date('2023-11-29T09:00:00Z') }).show).toBe(true);
  });
});
