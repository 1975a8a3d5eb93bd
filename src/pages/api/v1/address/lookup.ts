/**
 * spec 7 address lookup by postcode (docs/decisions/051): the addresses at a postcode, for the
 * checkout's delivery address ("Find address", then pick one). A postcode that is not one is a 400
 * with spec 5's "Enter a valid postcode"; one the provider knows nothing at answers an empty list.
 */
import { type AddressLookup, AddressLookupQuerySchema } from '@/contracts/address';
import { addressProvider, INVALID_POSTCODE } from '@/server/addresses';
import { apiError, endpoint } from '@/server/http';

export const GET = endpoint({
  who: 'anyone',
  input: AddressLookupQuerySchema,
  invalid: 'firstField',
  area: 'addresses',
  handler: async ({ input }): Promise<AddressLookup | Response> => {
    const provider = addressProvider();
    if (!(await provider.validatePostcode(input.postcode))) return apiError(400, INVALID_POSTCODE);
    return { addresses: (await provider.lookupPostcode(input.postcode)).slice(0, 100) };
  },
});
