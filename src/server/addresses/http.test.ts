/**
 * The HTTP address provider's time limit (spec 9 "a configured value or 2500 ms by default"; spec 8
 * "Connection timeout" on a connection timeout; docs/decisions/060): a service that does not answer
 * in time is the shop's own time-out, answered 504 in spec 8's words.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/domain/errors';
import { statusOf } from '@/server/http';
import { ADDRESS_LOOKUP_TIMEOUT_MS, findAddressesForForm, httpAddressProvider, INVALID_POSTCODE } from '.';

/** An address service that never answers: the call ends only when it is aborted. */
const silentService = ((_input: string | URL | Request, init?: RequestInit) =>
  new Promise<Response>((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
  })) as typeof fetch;

describe('the address service time limit (spec 9, spec 8)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('spec 9: 2500 ms unless configured', () => {
    expect(ADDRESS_LOOKUP_TIMEOUT_MS).toBe(2500);
  });

  it('no answer in time is "Connection timeout", a 504, and a logged warning', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const provider = httpAddressProvider('http://addresses.invalid', 20, silentService);
    const error = await provider.lookupPostcode('SW3 4AB').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('Connection timeout');
    expect(statusOf((error as AppError).kind)).toBe(504);
    expect(warned.mock.calls.flat().map(String).join('\n')).toContain('address service gave no answer in 20 ms');
  });

  it('an answer in time is read as before', async () => {
    const answering = (async () =>
      Response.json({
        addresses: [{ key: 'k1', line1: '1 Sloane Street', line2: '', town: 'London', postcode: 'SW3 4AB' }],
      })) as typeof fetch;
    const provider = httpAddressProvider('http://addresses.invalid', 20, answering);
    expect(await provider.lookupPostcode('SW3 4AB')).toEqual([
      { key: 'k1', line1: '1 Sloane Street', line2: '', town: 'London', postcode: 'SW3 4AB' },
    ]);
  });

  it('a form\'s "Find address" shows "Connection timeout" beside the field instead of failing the page', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const provider = httpAddressProvider('http://addresses.invalid', 20, silentService);
    expect(await findAddressesForForm(provider, 'SW3 4AB', 'None found.')).toEqual({
      found: [],
      message: 'Connection timeout',
    });
  });

  it('a form\'s "Find address" answers spec 5\'s postcode message, the addresses, or none found', async () => {
    const service = (async (input: string | URL | Request) => {
      const url = String(input);
      if (url.endsWith('/validate')) return Response.json({ valid: !url.includes('ZZ1') });
      if (url.includes('EC1A')) return Response.json({ addresses: [] });
      return Response.json({
        addresses: [{ key: 'k1', line1: '1 Sloane Street', line2: '', town: 'London', postcode: 'SW3 4AB' }],
      });
    }) as typeof fetch;
    const provider = httpAddressProvider('http://addresses.invalid', 1000, service);
    expect(await findAddressesForForm(provider, 'not a postcode', 'None found.')).toEqual({
      found: [],
      message: INVALID_POSTCODE,
    });
    expect(await findAddressesForForm(provider, 'EC1A 1BB', 'None found.')).toEqual({
      found: [],
      message: 'None found.',
    });
    const found = await findAddressesForForm(provider, 'SW3 4AB', 'None found.');
    expect(found.message).toBeNull();
    expect(found.found.map((a) => a.line1)).toEqual(['1 Sloane Street']);
  });
});
