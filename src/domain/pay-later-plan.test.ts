import { describe, expect, it } from 'vitest';
import { formatToThePenny, instalmentPlan } from './pay-later-plan';

describe('pay-later instalment plans (PAYMENTS.md: Klarna pay in 3, Clearpay pay in 4)', () => {
  it.each([
    [
      'klarna',
      60_00,
      [
        ['Today', 20_00],
        ['In 30 days', 20_00],
        ['In 60 days', 20_00],
      ],
    ],
    [
      'klarna',
      10_01,
      [
        ['Today', 3_35],
        ['In 30 days', 3_33],
        ['In 60 days', 3_33],
      ],
    ],
    [
      'clearpay',
      60_00,
      [
        ['Today', 15_00],
        ['In 2 weeks', 15_00],
        ['In 4 weeks', 15_00],
        ['In 6 weeks', 15_00],
      ],
    ],
    [
      'clearpay',
      1_01,
      [
        ['Today', 26],
        ['In 2 weeks', 25],
        ['In 4 weeks', 25],
        ['In 6 weeks', 25],
      ],
    ],
  ] as const)('%s splits %i pence to the penny, the first carrying the odd pennies', (option, total, expected) => {
    const plan = instalmentPlan(option, total);
    expect(plan.map((i) => [i.due, i.amountMinor])).toEqual(expected);
    expect(plan.reduce((sum, i) => sum + i.amountMinor, 0)).toBe(total);
  });

  it('shows whole pounds with their pence', () => {
    expect(formatToThePenny({ amountMinor: 20_00, currency: 'GBP' })).toBe('£20.00');
    expect(formatToThePenny({ amountMinor: 3_35, currency: 'GBP' })).toBe('£3.35');
  });
});
