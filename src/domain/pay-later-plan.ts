/**
 * How Klarna (pay in 3) and Clearpay (pay in 4) split an order, as the checkout and the
 * providers' pages show it: equal instalments to the penny (the first carries the odd pennies),
 * Klarna's monthly and Clearpay's fortnightly. Pure.
 */
import type { Money } from './money';
import { INSTALMENTS, instalments } from './payment-methods';

export type PayLaterOption = 'klarna' | 'clearpay';

export interface Instalment {
  /** When it is taken: "Today", "In 30 days", "In 2 weeks". */
  due: string;
  amountMinor: number;
}

const DUE: Readonly<Record<PayLaterOption, readonly string[]>> = {
  klarna: ['Today', 'In 30 days', 'In 60 days'],
  clearpay: ['Today', 'In 2 weeks', 'In 4 weeks', 'In 6 weeks'],
};

/** How often the instalments after the first are taken. */
export const INSTALMENT_EVERY: Readonly<Record<PayLaterOption, string>> = {
  klarna: 'monthly',
  clearpay: 'every 2 weeks',
};

/** The provider's name as shoppers know it. */
export const PAY_LATER_NAMES: Readonly<Record<PayLaterOption, string>> = { klarna: 'Klarna', clearpay: 'Clearpay' };

/** The order total split into the provider's instalments, each with when it is due. */
export function instalmentPlan(option: PayLaterOption, totalMinor: number): Instalment[] {
  const due = DUE[option];
  const count = INSTALMENTS[option] ?? due.length;
  return instalments(totalMinor, count).map((amountMinor, i) => ({ due: due[i] ?? '', amountMinor }));
}

const exact = new Map<string, Intl.NumberFormat>();

/** £20.00, never £20: instalments are shown to the penny. */
export function formatToThePenny(money: Money): string {
  let f = exact.get(money.currency);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', { style: 'currency', currency: money.currency, minimumFractionDigits: 2 });
    exact.set(money.currency, f);
  }
  return f.format(money.amountMinor / 100);
}
