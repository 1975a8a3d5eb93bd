import { describe, expect, it } from 'vitest';
import { type ExpressBuyRequest, expressBuyVerdict } from './express-buy';

const standard: ExpressBuyRequest = {
  deal: {
    dealType: 'standard',
    isTravel: false,
    deliveryType: 'e-voucher',
    bookingCalendarOnRedemption: false,
    giftClaim: false,
    pricePerPerson: false,
  },
  option: { belongsToDeal: true, unavailable: null, hasDeposit: false, bounds: { min: 1, max: 5, canBuy: true } },
  quantity: 1,
};

const withDeal = (deal: Partial<ExpressBuyRequest['deal']>): ExpressBuyRequest => ({
  ...standard,
  deal: { ...standard.deal, ...deal },
});
const withOption = (option: Partial<NonNullable<ExpressBuyRequest['option']>>): ExpressBuyRequest => ({
  ...standard,
  option: { ...(standard.option as NonNullable<ExpressBuyRequest['option']>), ...option },
});

describe('spec 4 / spec 7: which purchases Express Buy takes', () => {
  it.each([
    ['a live standard e-voucher deal, one option, quantity 1', standard],
    ['a postal deal', withDeal({ deliveryType: 'postal' })],
    ['the most the caps allow', { ...standard, quantity: 5 }],
    ['an option with no cap at all', { ...withOption({ bounds: { min: 1, max: null, canBuy: true } }), quantity: 40 }],
  ])('takes %s', (_what, request) => {
    expect(expressBuyVerdict(request)).toEqual({ ok: true });
  });

  it.each([
    ['no option chosen', { ...standard, option: null }, 'noOption'],
    ["another deal's option", withOption({ belongsToDeal: false }), 'noOption'],
    ['a sold-out or ended option', withOption({ unavailable: 'soldOut' }), 'notOnSale'],
    ['a VIP-only option for a shopper who is not VIP', withOption({ unavailable: 'vipOnly' }), 'notOnSale'],
    ['a travel deal', withDeal({ isTravel: true, dealType: 'standard-travel' }), 'travel'],
    ['a calendar deal', withDeal({ dealType: 'calendar' }), 'notStandard'],
    ['a call-to-book deal', withDeal({ dealType: 'call-to-book' }), 'notStandard'],
    ['a travel-delivered deal', withDeal({ deliveryType: 'travel' }), 'delivery'],
    ['a deal booked on a calendar at redemption', withDeal({ bookingCalendarOnRedemption: true }), 'calendarBooking'],
    ['a gift claim deal', withDeal({ giftClaim: true }), 'giftClaim'],
    ['a per-person deal (spec 5: at least 2 people)', withDeal({ pricePerPerson: true }), 'perPerson'],
    ['an option paid by deposit', withOption({ hasDeposit: true }), 'deposit'],
    ['more than the caps allow (spec 5)', { ...standard, quantity: 6 }, 'quantity'],
    ['fewer than the minimum', { ...standard, quantity: 0 }, 'quantity'],
    ['a fractional quantity', { ...standard, quantity: 1.5 }, 'quantity'],
    ['an option this shopper may buy none of', withOption({ bounds: { min: 1, max: 0, canBuy: false } }), 'quantity'],
  ] as const)('refuses %s (%s)', (_what, request, reason) => {
    expect(expressBuyVerdict(request)).toEqual({ ok: false, reason });
  });
});
