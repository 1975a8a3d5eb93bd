import { describe, expect, it } from 'vitest';
import { isDealClosed, notOnSaleReason, type SaleFacts } from './on-sale';

const NOW = new Date('2026-11-24T12:00:00Z');
const facts = (over: Partial<SaleFacts> = {}): SaleFacts => ({
  deal: { status: 'live', closingDate: new Date('2026-12-31T00:00:00Z') },
  option: { disabled: false, visibility: 'visible', vipExclusive: false },
  bounds: { min: 1, max: null, canBuy: true },
  shopper: { eligibleForVip: false },
  now: NOW,
  ...over,
});

describe('"on sale" defined once (live, not closed, not sold out for this shopper)', () => {
  it.each([
    ['live, open, in stock', facts(), null],
    ['closed by status', facts({ deal: { status: 'closed', closingDate: new Date('2026-12-31') } }), 'dealEnded'],
    ['a draft', facts({ deal: { status: 'draft', closingDate: new Date('2026-12-31') } }), 'dealEnded'],
    [
      'past its closing date',
      facts({ deal: { status: 'live', closingDate: new Date('2026-11-24T11:59:59Z') } }),
      'dealEnded',
    ],
    ['closing this very moment', facts({ deal: { status: 'live', closingDate: NOW } }), 'dealEnded'],
    [
      'option disabled',
      facts({ option: { disabled: true, visibility: 'visible', vipExclusive: false } }),
      'productDisabled',
    ],
    [
      'option hidden',
      facts({ option: { disabled: false, visibility: 'hidden', vipExclusive: false } }),
      'productDisabled',
    ],
    [
      'spec 6: VIP-only, shopper not VIP',
      facts({ option: { disabled: false, visibility: 'visible', vipExclusive: true } }),
      'vipOnly',
    ],
    [
      'spec 6: VIP-only, VIP shopper',
      facts({
        option: { disabled: false, visibility: 'visible', vipExclusive: true },
        shopper: { eligibleForVip: true },
      }),
      null,
    ],
    ['spec 5: cap 0 is sold out', facts({ bounds: { min: 1, max: 0, canBuy: false } }), 'soldOut'],
    [
      'spec 5: per person capped at 1 cannot be bought',
      facts({ bounds: { min: 2, max: 1, canBuy: false } }),
      'cannotBuy',
    ],
  ])('%s', (_name, input, reason) => {
    expect(notOnSaleReason(input)).toBe(reason);
  });

  it('a closed deal is closed whatever its date', () => {
    expect(isDealClosed('closed', new Date('2099-01-01'), NOW)).toBe(true);
    expect(isDealClosed('live', new Date('2099-01-01'), NOW)).toBe(false);
  });
});
