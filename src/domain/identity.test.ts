/** spec 4 Identity rules (table-driven). */
import { describe, expect, it } from 'vitest';
import {
  attributionFor,
  campaignVisitOf,
  identityOf,
  isValidCustomerToken,
  nextBrandCookie,
  shouldStoreCampaignToken,
} from './identity';

describe('spec 4: anonymous, subscribed and registered users', () => {
  it.each([
    [undefined, 'anonymous'],
    ['', 'anonymous'],
    ['something-else', 'anonymous'],
    ['subscribed', 'subscribed'],
    ['registered_user', 'registered'],
  ])('brand cookie %j → %s', (cookie, identity) => {
    expect(identityOf(cookie)).toBe(identity);
  });
});

describe('spec 4: subscribed is never set over registered_user', () => {
  it.each([
    [undefined, 'subscribed', 'subscribed'],
    [undefined, 'registered_user', 'registered_user'],
    ['subscribed', 'registered_user', 'registered_user'],
    ['registered_user', 'subscribed', 'registered_user'],
    ['registered_user', 'registered_user', 'registered_user'],
  ] as const)('%j then %s → %s', (current, next, result) => {
    expect(nextBrandCookie(current, next)).toBe(result);
  });
});

describe('spec 4 email-campaign attribution windows', () => {
  it.each([
    [
      { source: 'brand-email', hasBrandCookie: true, isBypassed: false, current: null },
      { attribution: 'email', days: 30 },
    ],
    [
      { source: 'criteo', hasBrandCookie: true, isBypassed: false, current: null },
      { attribution: 'criteo', days: 1 },
    ],
    [
      { source: 'cloudiq', hasBrandCookie: true, isBypassed: false, current: 'criteo' },
      { attribution: 'cloudiq', days: 1 },
    ],
    [{ source: 'brand-email', hasBrandCookie: false, isBypassed: false, current: null }, null],
    [{ source: 'criteo', hasBrandCookie: true, isBypassed: true, current: null }, null],
    [{ source: 'criteo', hasBrandCookie: true, isBypassed: false, current: 'email' }, null],
  ] as const)('%j → %j', (input, result) => {
    expect(attributionFor(input)).toEqual(result);
  });
});

describe('spec 4: the email-campaign customer token is stored only when no valid one exists', () => {
  it.each([
    [undefined, 'campaign-token-123', true],
    ['short', 'campaign-token-123', true],
    ['existing-token-99', 'campaign-token-123', false],
    [undefined, 'short', false],
  ])('existing %j, incoming %j → %s', (existing, incoming, store) => {
    expect(shouldStoreCampaignToken(existing, incoming)).toBe(store);
  });

  it.each([
    ['123456789', false],
    ['1234567890', true],
    [null, false],
  ])('spec 9: customer token %j valid → %s', (token, valid) => {
    expect(isValidCustomerToken(token)).toBe(valid);
  });
});

describe('email-campaign landings', () => {
  it.each([
    ['utm_medium=email', { source: 'brand-email', isBypassed: false, customerToken: null }],
    ['utm_source=criteo&utm_medium=email', { source: 'criteo', isBypassed: false, customerToken: null }],
    ['utm_source=CloudIQ&bypass_attribution=1', { source: 'cloudiq', isBypassed: true, customerToken: null }],
    ['utm_medium=email&ct=token-1234567', { source: 'brand-email', isBypassed: false, customerToken: 'token-1234567' }],
    ['utm_medium=cpc', null],
    ['', null],
  ])('?%s → %j', (query, visit) => {
    expect(campaignVisitOf(new URLSearchParams(query))).toEqual(visit);
  });
});
