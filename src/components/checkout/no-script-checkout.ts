/**
 * The checkout form as it posts without JavaScript (docs/decisions/051): the delivery address typed
 * so far, the postcode to look up, a found address picked, each posted line's delivery option and
 * which button was pressed. Read leniently: anything unreadable is left out, never refused.
 */
import { SHIPPING_METHODS, type ShippingMethod } from '@/domain/delivery';
import type { AddressField } from '@/stores/checkout-delivery';

/** What a shopper without JavaScript reads after pressing Pay. */
export const NO_SCRIPT_PAY =
  'To pay, turn on JavaScript in your browser: your card details go straight from it to our payment provider. Your delivery address and options are kept below.';

const FIELDS: readonly AddressField[] = ['name', 'line1', 'line2', 'town', 'postcode', 'phone'];

export interface NoScriptCheckout {
  intent: string;
  fields: Partial<Record<AddressField, string>>;
  lookupPostcode: string;
  pickAddress: string | null;
  /** Each posted line's option, by basket line id. */
  shipping: Array<[number, ShippingMethod]>;
}

/** The posted checkout form, or null when the body is not a form. */
export async function readNoScriptCheckout(request: Request): Promise<NoScriptCheckout | null> {
  const form = await request.formData().catch(() => null);
  if (form === null) return null;
  const read = (name: string, max: number) => String(form.get(name) ?? '').slice(0, max);
  const fields: Partial<Record<AddressField, string>> = {};
  for (const field of FIELDS) fields[field] = read(`delivery-${field}`, 120);
  const shipping: Array<[number, ShippingMethod]> = [];
  for (const [name, value] of form.entries()) {
    const lineId = /^shipping-(\d{1,12})$/.exec(name)?.[1];
    if (lineId !== undefined && (SHIPPING_METHODS as readonly string[]).includes(String(value))) {
      shipping.push([Number(lineId), value as ShippingMethod]);
    }
  }
  const pick = read('pickAddress', 200);
  return {
    intent: read('intent', 20),
    fields,
    lookupPostcode: read('lookupPostcode', 12).trim(),
    pickAddress: pick === '' ? null : pick,
    shipping,
  };
}
