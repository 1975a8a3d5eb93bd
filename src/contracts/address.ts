/**
 * spec 7's address calls (account service "Address: lookup by postcode, autocomplete,
 * validate postcode, moniker lookup, format by key") as the browser reads them: the gift pack
 * form's autocomplete.
 */
import { z } from 'zod';
import { text } from './text';

/** A UK postal address; `key` names it for spec 7's moniker lookup. */
export const AddressSchema = z.object({
  key: z.string(),
  line1: z.string(),
  line2: z.string(),
  town: z.string(),
  postcode: z.string(),
});
export type Address = z.output<typeof AddressSchema>;

/** GET /api/v1/address/autocomplete?q=: what the shopper has typed so far (a postcode or a first line). */
export const AddressAutocompleteQuerySchema = z.object({ q: text().trim().min(1).max(100) });

/** Up to 10 addresses that fit what was typed (none under 3 characters). */
export const AddressSuggestionsSchema = z.object({ suggestions: z.array(AddressSchema) });
export type AddressSuggestions = z.output<typeof AddressSuggestionsSchema>;

/** GET /api/v1/address/lookup?postcode=: a full UK postcode (spec 7 lookup by postcode). */
export const AddressLookupQuerySchema = z.object({ postcode: text().trim().min(1).max(12) });

/** The addresses at a postcode, to pick one from (none when the provider knows none there). */
export const AddressLookupSchema = z.object({ addresses: z.array(AddressSchema) });
export type AddressLookup = z.output<typeof AddressLookupSchema>;
