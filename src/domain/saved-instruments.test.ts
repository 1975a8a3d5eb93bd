import { describe, expect, it } from 'vitest';
import { instrumentExpiry, instrumentLabel, isInstrumentExpired } from './saved-instruments';

const card = (expiryMonth: string | null, expiryYear: string | null) => ({
  type: 'card',
  cardType: 'Visa',
  lastFour: '1111',
  expiryMonth,
  expiryYear,
  email: null,
});
const paypal = {
  type: 'paypal',
  cardType: 'PayPal',
  lastFour: null,
  expiryMonth: null,
  expiryYear: null,
  email: 'ada@example.co.uk',
};
const NOW = new Date('2027-03-15T12:00:00Z');

describe('saved instruments (spec 3 payment instrument)', () => {
  it.each([
    ['a card by brand and last four', card('12', '2030'), 'Visa ending 1111'],
    ['a PayPal account by its email', paypal, 'PayPal (ada@example.co.uk)'],
    ['a PayPal account without an email', { ...paypal, email: null }, 'PayPal'],
  ])('names %s', (_what, instrument, label) => {
    expect(instrumentLabel(instrument)).toBe(label);
  });

  it.each([
    ['a card expiring later this year', card('12', '2027'), false],
    ['a card expiring this month (valid to its end)', card('03', '2027'), false],
    ['a card that expired last month', card('02', '2027'), true],
    ['a card that expired last year', card('12', '2026'), true],
    ['a PayPal account', paypal, false],
    ['a card with no expiry recorded', card(null, null), false],
  ])('%s: expired is %s', (_what, instrument, expired) => {
    expect(isInstrumentExpired(instrument, NOW)).toBe(expired);
  });

  it('shows the expiry as MM/YY', () => {
    expect(instrumentExpiry(card('4', '2031'))).toBe('04/31');
    expect(instrumentExpiry(paypal)).toBeNull();
  });
});
