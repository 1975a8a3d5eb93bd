/**
 * The VIP lightbox's rules (spec 3 cookie "lightbox VIP", spec 6 "Non-VIP users see a VIP prompt",
 * spec 2 lightbox exclusions; decision 057).
 */
import { describe, expect, it } from 'vitest';
import {
  pageRefusal,
  shopperRefusal,
  VIP_LIGHTBOX_COOKIE,
  VIP_LIGHTBOX_DAYS,
  VIP_LIGHTBOX_MAX_AGE_SECONDS,
  type VipLightboxPage,
} from './vip-lightbox';

describe('who the VIP lightbox is for (spec 6)', () => {
  it.each([
    // [isVip, hasVipPerk, hasSeenCookie, refusal]
    [false, true, false, null],
    [true, true, false, 'vip'],
    [true, false, false, 'vip'],
    [false, false, false, 'no-vip-perk'],
    [false, true, true, 'seen'],
  ] as const)('VIP %s, deal with a VIP perk %s, cookie %s -> %s', (isVip, hasVipPerk, hasSeenCookie, refusal) => {
    expect(shopperRefusal({ isVip, hasVipPerk, hasSeenCookie })).toBe(refusal);
  });

  it('is remembered by the lightbox_vip cookie for 30 days, a spec 9 lifetime', () => {
    expect(VIP_LIGHTBOX_COOKIE).toBe('lightbox_vip');
    expect([1, 7, 30, 182, 365]).toContain(VIP_LIGHTBOX_DAYS);
    expect(VIP_LIGHTBOX_MAX_AGE_SECONDS).toBe(30 * 86_400);
  });
});

describe('where and when it opens (spec 2 exclusions, one prompt at a time)', () => {
  const open: VipLightboxPage = {
    pathname: '/deal/london/spa-day-for-two-31000123',
    isCrawler: false,
    consentDecided: true,
    emailCaptureShows: false,
    dialogOpen: false,
    seenThisTab: false,
  };

  it('opens on a deal page when nothing else is asking', () => {
    expect(pageRefusal(open)).toBeNull();
  });

  it.each([
    '/checkout',
    '/faqs',
    '/merchantfaqs',
    '/welcome',
    '/refer-a-friend',
    '/myaccount/refer-a-friend',
    '/page/internetsafety',
    '/email-deals/london',
    '/guides/affiliates-spa',
  ])('never on %s (spec 2 exclusion list)', (pathname) => {
    expect(pageRefusal({ ...open, pathname })).toBe('excluded-page');
  });

  it.each([
    [{ isCrawler: true }, 'crawler'],
    [{ seenThisTab: true }, 'seen'],
    [{ consentDecided: false }, 'awaiting-consent'],
    [{ emailCaptureShows: true }, 'email-capture'],
    [{ dialogOpen: true }, 'another-dialog'],
  ] as const)('not with %o', (change, refusal) => {
    expect(pageRefusal({ ...open, ...change })).toBe(refusal);
  });
});
