/**
 * Addresses (docs/decisions/028-gifting.md; spec 7 account service "Address: lookup by postcode,
 * autocomplete, validate postcode, moniker lookup, format by key"): one interface, two providers.
 *
 * - The local provider (default, no network) knows a few towns' streets and outward codes from its
 *   own fixture (./local-towns.ts), so a postcode there lists real-looking addresses; any
 *   well-formed UK postcode in a known postcode area validates.
 * - The HTTP provider calls an address service at ADDRESS_LOOKUP_URL (README configuration):
 *   GET {url}/postcodes/{postcode} → { addresses: Address[] }, GET {url}/autocomplete?q= →
 *   { suggestions: Address[] }, GET {url}/postcodes/{postcode}/validate → { valid: boolean }.
 */
import { ADDRESS_MESSAGES } from '@/domain/delivery-address';
import { AppError } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { parsePostcode } from '@/domain/postcode';
import { serverConfig } from '@/server/config';
import { logWarning } from '@/server/log';
import { localAddressProvider } from './local';
import type { Address, AddressProvider } from './types';

export { localAddressProvider } from './local';
export { LOCAL_TOWNS, type LocalTown } from './local-towns';
export {
  addSavedAddress,
  forgetSavedAddresses,
  hasSavedAddress,
  listSavedAddresses,
  MAX_SAVED_ADDRESSES,
  removeSavedAddress,
  retrieveSavedAddress,
  SAVED_ADDRESS_COPY,
  setDefaultAddress,
  updateSavedAddress,
} from './saved';
export type { Address, AddressProvider } from './types';

/** spec 7 format: the lines of an address as a label shows them. */
export function formatAddress(address: Pick<Address, 'line1' | 'line2' | 'town' | 'postcode'>): string[] {
  return [address.line1, address.line2, address.town, address.postcode].map((part) => part.trim()).filter(Boolean);
}

/** The message for a postcode that is not one (spec 5). */
export const INVALID_POSTCODE = ADDRESS_MESSAGES.postcode;

/** spec 9 "a configured value or 2500 ms by default": the address service's time limit. */
export const ADDRESS_LOOKUP_TIMEOUT_MS = 2500;

/**
 * The HTTP provider: a real address service at `baseUrl`. Answers within `timeoutMs` or fails with
 * spec 8's "Connection timeout" (a 504 to the form that asked; docs/decisions/060).
 */
export function httpAddressProvider(
  baseUrl: string,
  timeoutMs = ADDRESS_LOOKUP_TIMEOUT_MS,
  send: typeof fetch = (input, init) => fetch(input, init),
): AddressProvider {
  const base = baseUrl.replace(/\/+$/, '');
  const get = async <T>(path: string): Promise<T> => {
    try {
      const response = await send(`${base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.status === 404) return {} as T;
      if (!response.ok) throw new Error(`address service answered ${response.status}`);
      return (await response.json()) as T;
    } catch (error) {
      if ((error as Error | undefined)?.name !== 'TimeoutError') throw error;
      logWarning('addresses', `address service gave no answer in ${timeoutMs} ms`, error);
      throw new AppError('timedOut', MESSAGES.connectionTimeout);
    }
  };
  const clean = (list: unknown): Address[] =>
    Array.isArray(list)
      ? list.flatMap((item: Partial<Address>) =>
          typeof item?.line1 === 'string' && typeof item.postcode === 'string'
            ? [
                {
                  key: String(item.key ?? `${item.line1}|${item.postcode}`),
                  line1: item.line1,
                  line2: String(item.line2 ?? ''),
                  town: String(item.town ?? ''),
                  postcode: item.postcode,
                },
              ]
            : [],
        )
      : [];
  return {
    name: 'http',
    lookupPostcode: async (postcode) =>
      clean((await get<{ addresses?: unknown }>(`/postcodes/${encodeURIComponent(postcode.trim())}`)).addresses),
    autocomplete: async (text) =>
      clean((await get<{ suggestions?: unknown }>(`/autocomplete?q=${encodeURIComponent(text)}`)).suggestions),
    validatePostcode: async (postcode) => {
      if (parsePostcode(postcode)?.inward == null) return false;
      return (
        (await get<{ valid?: boolean }>(`/postcodes/${encodeURIComponent(postcode.trim())}/validate`)).valid === true
      );
    },
    retrieve: async (key) =>
      clean([(await get<{ address?: unknown }>(`/addresses/${encodeURIComponent(key)}`)).address])[0] ?? null,
  };
}

/**
 * A form's "Find address" (the checkout's and the gift pack's, without JavaScript): the addresses a
 * postcode has, or the message to show beside the field instead: spec 5's postcode message, `noneFound`,
 * or spec 8's "Connection timeout" when the address service does not answer in time (the page still
 * renders, with what was typed, so the address can be typed in).
 */
export async function findAddressesForForm(
  provider: AddressProvider,
  postcode: string,
  noneFound: string,
): Promise<{ found: Address[]; message: string | null }> {
  try {
    if (!(await provider.validatePostcode(postcode))) return { found: [], message: INVALID_POSTCODE };
    const found = await provider.lookupPostcode(postcode);
    return { found, message: found.length === 0 ? noneFound : null };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'timedOut') return { found: [], message: error.message };
    throw error;
  }
}

let configured: AddressProvider | undefined;

/** The provider configuration chooses: ADDRESS_LOOKUP_URL set, the HTTP one; else the local one. */
export function addressProvider(): AddressProvider {
  if (configured === undefined) {
    const url = serverConfig().addressLookupUrl;
    configured = url ? httpAddressProvider(url, serverConfig().addressLookupTimeoutMs) : localAddressProvider();
  }
  return configured;
}
