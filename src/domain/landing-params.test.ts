/** spec 9 landing cookie lifetimes: gclid 365, msclkid 365, awin 30, user source 365 (30 if affiliate). */
import { describe, expect, it } from 'vitest';
import { hasLandingParams, landingCookiesFor } from './landing-params';

const cookiesOf = (query: string) =>
  Object.fromEntries(
    landingCookiesFor(new URLSearchParams(query)).map(({ name, value, days }) => [name, { value, days }]),
  );

describe('spec 9: landing parameters become cookies with their lifetimes', () => {
  it.each([
    ['gclid=abc', { gclid: { value: 'abc', days: 365 } }],
    ['msclkid=m-1', { msclkid: { value: 'm-1', days: 365 } }],
    // spec 9 "mgid 1": MGID's click id, as mgclid or mgid (decision 059).
    ['mgclid=mg-77', { mgid: { value: 'mg-77', days: 1 } }],
    ['mgid=mg-78', { mgid: { value: 'mg-78', days: 1 } }],
    ['awc=1234_abc', { awin: { value: '1234_abc', days: 30 }, affiliate_source: { value: 'awin', days: 30 } }],
    ['utm_source=google&utm_medium=cpc&utm_campaign=spa', { user_source: { value: 'google|cpc|spa', days: 365 } }],
    [
      'utm_source=topcashback&utm_medium=affiliate',
      {
        affiliate_source: { value: 'topcashback', days: 30 },
        user_source: { value: 'topcashback|affiliate|', days: 30 },
      },
    ],
    ['affiliate=quidco', { affiliate_source: { value: 'quidco', days: 30 } }],
    ['gclid=%3Cscript%3E', {}],
    ['q=spa', {}],
  ])('%s', (query, expected) => {
    expect(cookiesOf(query)).toEqual(expected);
  });

  it('the browser asks the server only for queries that carry a landing parameter', () => {
    expect(hasLandingParams('?gclid=abc')).toBe(true);
    expect(hasLandingParams('?page=2&utm_source=x')).toBe(true);
    expect(hasLandingParams('?mgclid=mg-77')).toBe(true);
    // A deal link's purchase source goes into the purchase source history (decision 059).
    expect(hasLandingParams('?usr_src=newsletter')).toBe(true);
    expect(hasLandingParams('?q=spa')).toBe(false);
  });
});
