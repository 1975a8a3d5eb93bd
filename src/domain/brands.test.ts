import { describe, expect, it } from 'vitest';
import { BRAND_INFO, BRANDS, DEFAULT_BRAND, resolveBrand, resolveTheme, seasonOn } from './brands';

describe('brands (spec 1, spec 2 "site" parameter)', () => {
  it('spec 1: six brands, the {product} brand is the default', () => {
    expect(BRANDS).toHaveLength(6);
    expect(DEFAULT_BRAND).toBe('tuppence');
  });

  it('spec 9: nav font size is 16 for the lowercase second brand and 13 for the others', () => {
    const lowercase = BRANDS.filter((b) => BRAND_INFO[b].isLowercase);
    expect(lowercase).toEqual(['treatly']);
    for (const brand of BRANDS) expect(BRAND_INFO[brand].navFontSizePx).toBe(brand === 'treatly' ? 16 : 13);
  });

  it.each([
    { site: 'treatly', cookie: undefined, brand: 'treatly', remember: true },
    { site: 'treatly', cookie: 'treatly', brand: 'treatly', remember: false },
    { site: null, cookie: 'fivepm', brand: 'fivepm', remember: false },
    { site: 'bogus', cookie: 'dealhouse', brand: 'dealhouse', remember: false },
    { site: null, cookie: 'bogus', brand: 'tuppence', remember: false },
    { site: null, cookie: undefined, brand: 'tuppence', remember: false },
  ])('site=$site cookie=$cookie -> $brand (remember $remember)', ({ site, cookie, brand, remember }) => {
    expect(resolveBrand(site, cookie)).toEqual({ brand, remember });
  });
});

describe('themes (spec 2, spec 4 campaign windows)', () => {
  const july = new Date('2026-07-01T12:00:00Z');

  it.each([
    ['2026-10-31T23:30:00Z', null], // 31 Oct in London (GMT)
    ['2026-11-01T00:30:00Z', 'black-friday'],
    ['2026-12-08T22:00:00Z', 'black-friday'],
    ['2026-12-09T09:00:00Z', 'christmas'],
    ['2026-12-26T20:00:00Z', 'christmas'],
    ['2026-12-27T09:00:00Z', null],
    ['2024-11-29T09:00:00Z', 'black-friday'],
  ])('on %s the season is %s', (iso, season) => {
    expect(seasonOn(new Date(iso))).toBe(season);
  });

  it('a brand wears its own theme outside the windows', () => {
    expect(resolveTheme({ brand: 'fivepm', isVip: false, now: july })).toBe('fivepm');
  });

  it('a VIP result switches to the VIP theme, even in a seasonal window', () => {
    expect(resolveTheme({ brand: 'tuppence', isVip: true, now: new Date('2026-11-27T12:00:00Z') })).toBe('vip');
    expect(resolveTheme({ brand: 'vip', isVip: false, now: july })).toBe('vip');
  });

  it('the wellness-collection location switches to the wellness theme', () => {
    expect(resolveTheme({ brand: 'tuppence', isVip: false, locationShortName: 'wellness-collection', now: july })).toBe(
      'wellness',
    );
  });

  it('seasonal variants apply on top of the brand', () => {
    expect(resolveTheme({ brand: 'dealhouse', isVip: false, now: new Date('2026-12-20T12:00:00Z') })).toBe('christmas');
  });
});
