/** The shapes every address provider answers in (spec 7 address service). */

/** A UK postal address, as a gift pack is sent to. `key` names it for spec 7's "format by key". */
export interface Address {
  key: string;
  line1: string;
  line2: string;
  town: string;
  postcode: string;
}

export interface AddressProvider {
  readonly name: 'local' | 'http';
  lookupPostcode(postcode: string): Promise<Address[]>;
  autocomplete(text: string): Promise<Address[]>;
  validatePostcode(postcode: string): Promise<boolean>;
  /** The address a key names (spec 7 moniker lookup), or null. */
  retrieve(key: string): Promise<Address | null>;
}
