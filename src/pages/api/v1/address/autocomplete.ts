/**
 * spec 7 address autocomplete (decision 028): suggestions for what a shopper types into the gift pack
 * address form (a postcode or a first line), from the configured address provider (the local one by
 * default, ADDRESS_LOOKUP_URL's service when set). The form works without it (postcode lookup by a
 * plain GET); this only speeds it up.
 */
import { AddressAutocompleteQuerySchema, type AddressSuggestions } from '@/contracts/address';
import { addressProvider } from '@/server/addresses';
import { endpoint } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: AddressAutocompleteQuerySchema,
  area: 'addresses',
  handler: async ({ input }): Promise<AddressSuggestions> => {
    const suggestions = await addressProvider().autocomplete(input.q);
    return { suggestions: suggestions.slice(0, 10) };
  },
});
