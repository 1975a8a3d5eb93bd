import { describe, expect, it } from 'vitest';
import { boughtText, campaignCountdown, dealCountdown, FEW_LEFT_THRESHOLD, fewLeftCount, fewLeftText } from './urgency';

describe('fewLeftText (spec 9: limited availability max 50)', () => {
  it('says how many are left at or under the threshold', () => {
    expect(FEW_LEFT_THRESHOLD).toBe(50);
    expect(fewLeftText(1)).toBe('Only 1 left');
    expect(fewLeftText(50)).toBe('Only 50 left');
  });
  it('says nothing over the threshold, for none, unlimited stock or a sold-out deal', () => {
    expect(fewLeftText(51)).toBeNull();
    expect(fewLeftText(0)).toBeNull();
    expect(fewLeftText(null)).toBeNull();
    expect(fewLeftText(3, true)).toBeNull();
    expect(fewLeftCount(51)).toBeNull();
    expect(fewLeftCount(7)).toBe(7);
  });
});

describe('boughtText (the vouchers actually sold)', () => {
  it('counts what was sold, and nothing for none', () => {
    expect(boughtText(1204)).toBe('1,204 bought');
    expect(boughtText(0)).toBeNull();
    expect(boughtText(-3)).toBeNull();
  });
});

describe('campaignCountdown (spec 4 campaign windows: a real end, the same on every load)', () => {
  it('counts down to the end of the Black Friday window, midnight London after 8 December', () => {
    const first = campaignCountdown(new Date('2026-11-29T04:25:00Z'));
    const second = campaignCountdown(new Date('2026-12-03T21:10:43Z'));
    expect(first).toEqual({ label: 'Black Friday deals', endsAt: '2026-12-09T00:00:00.000Z' });
    expect(second).toEqual(first);
  });
  it('Christmas ends at midnight after 26 December; outside the windows there is no countdown', () => {
    expect(campaignCountdown(new Date('2026-12-20T12:00:00Z'))?.endsAt).toBe('2026-12-27T00:00:00.000Z');
    expect(campaignCountdown(new Date('2026-07-01T12:00:00Z'))).toBeNull();
  });
  it('a window ending in summer time ends at 23:00 UTC', () => {
    const windows = [{ season: 'christmas' as const, from: { month: 6, day: 1 }, to: { month: 6, day: 30 } }];
    expect(campaignCountdown(new Date('2026-06-10T12:00:00Z'), windows)?.endsAt).toBe('2026-06-30T23:00:00.000Z');
  });
});

describe('dealCountdown', () => {
  it('counts down to the closing date only while it is ahead', () => {
    const now = new Date('2026-11-29T04:25:00Z');
    expect(dealCountdown('2026-12-01T00:00:00Z', now)?.endsAt).toBe('2026-12-01T00:00:00.000Z');
    expect(dealCountdown('2026-11-01T00:00:00Z', now)).toBeNull();
    expect(dealCountdown(null, now)).toBeNull();
  });
});
