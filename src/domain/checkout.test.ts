import { describe, expect, it } from 'vitest';
import {
  type CheckoutEvent,
  type CheckoutStatus,
  checkoutQuery,
  formatCountdown,
  needsEmailConfirmation,
  nextCheckoutStatus,
  parseCheckoutParams,
  splitPayment,
} from './checkout';

describe('spec 4: checkout status', () => {
  const cases: [CheckoutStatus, CheckoutEvent, CheckoutStatus][] = [
    ['loading', 'loaded', 'ready'],
    ['ready', 'lineChangeStarted', 'updating'],
    ['updating', 'lineChangeFinished', 'ready'],
    ['ready', 'refreshStarted', 'refreshing'],
    ['refreshing', 'refreshFinished', 'refreshed'],
    ['refreshed', 'refreshSettled', 'ready'],
    // events that do not apply leave the status alone
    ['loading', 'lineChangeStarted', 'loading'],
    ['updating', 'refreshStarted', 'updating'],
    ['ready', 'refreshSettled', 'ready'],
    ['refreshing', 'loaded', 'refreshing'],
  ];
  it.each(cases)('%s + %s -> %s', (from, event, to) => {
    expect(nextCheckoutStatus(from, event)).toBe(to);
  });
});

describe('spec 3: checkout query parameters', () => {
  it('defaults: true for deliveryOptions, gifting, giftPacks, por_check; false for vipChecked and wallet', () => {
    expect(parseCheckoutParams(new URLSearchParams())).toEqual({
      deliveryOptions: true,
      gifting: true,
      giftPacks: true,
      porCheck: true,
      promoCode: null,
      vipChecked: false,
      wallet: false,
      timerElapsed: false,
    });
  });

  it('reads explicit values and ignores nonsense', () => {
    const params = parseCheckoutParams(
      new URLSearchParams('wallet=true&gifting=false&por_check=0&vipChecked=maybe&promoCode=%20SAVE10%20'),
    );
    expect(params).toMatchObject({
      wallet: true,
      gifting: false,
      porCheck: false,
      vipChecked: false,
      promoCode: 'SAVE10',
    });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(checkoutQuery({})).toBe('');
    const query = checkoutQuery({ wallet: true, timerElapsed: true, porCheck: false });
    expect(query).toBe('por_check=false&wallet=true&timerElapsed=true');
    expect(parseCheckoutParams(new URLSearchParams(query))).toMatchObject({
      wallet: true,
      timerElapsed: true,
      porCheck: false,
    });
  });
});

describe('spec 3 payment data: walletUsed + cashAmount', () => {
  it.each([
    // total, balance, use wallet, wallet used, cash
    [3000, 1000, true, 1000, 2000],
    [3000, 5000, true, 3000, 0],
    [3000, 5000, false, 0, 3000],
    [3000, 0, true, 0, 3000],
    [0, 500, true, 0, 0],
  ])('total %i, balance %i, wallet %s -> %i + %i', (total, balance, use, wallet, cash) => {
    const split = splitPayment(total, balance, use);
    expect(split).toEqual({ walletUsedMinor: wallet, cashAmountMinor: cash });
    expect(split.walletUsedMinor + split.cashAmountMinor).toBe(total);
  });
});

describe('spec 4: checkout email confirmation', () => {
  it.each([
    [true, false, false, true],
    [true, true, false, false],
    [true, false, true, false],
    [false, false, false, false],
  ])('flag %s, password %s, third-party %s -> %s', (flagOn, hasPassword, isThirdPartyLogin, needed) => {
    expect(needsEmailConfirmation(flagOn, { hasPassword, isThirdPartyLogin })).toBe(needed);
  });
});

describe('payment session countdown', () => {
  it.each([
    [300, '5:00'],
    [299.2, '5:00'],
    [61, '1:01'],
    [9, '0:09'],
    [-3, '0:00'],
  ])('%s s -> %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});
