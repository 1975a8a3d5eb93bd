/**
 * The words beside a posted product's shown price (DMCC Act 2024: a price shown to a consumer
 * includes every mandatory charge; docs/decisions/051 "Shown prices"). The figure itself is
 * `shownPriceMinor` (./delivery.ts); this says what it includes, wherever a price is shown.
 */
import type { Money } from './money';
import { formatMoney } from './money';

/** "incl. £4.99 delivery", or "Free delivery" when standard postage costs nothing. */
export function deliveryNote(postage: Money): string {
  return postage.amountMinor === 0 ? 'Free delivery' : `incl. ${formatMoney(postage)} delivery`;
}
