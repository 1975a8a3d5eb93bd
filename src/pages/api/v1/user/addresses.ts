/**
 * GET /api/v1/user/addresses (docs/decisions/051): the signed-in shopper's saved delivery addresses,
 * the default first, for the checkout's and My Account's islands; POST adds one (the first becomes
 * the default). 401 signed out; a bad address is a 400 with each field's message (ADDRESS_MESSAGES);
 * past the limit a 409. Personal: never cached (private, no-store), like every /api/v1/ answer.
 */
import type { SavedAddressesResponse, SavedAddressResponse } from '@/contracts/delivery';
import { addSavedAddress, listSavedAddresses } from '@/server/addresses';
import { getDb } from '@/server/db';
import { endpoint, json } from '@/server/http';
import { readAddress } from './addresses/_read-address';

export const GET = endpoint({
  who: 'customer',
  area: 'addresses',
  handler: async ({ user }): Promise<SavedAddressesResponse> => {
    const { db } = await getDb();
    return { addresses: await listSavedAddresses(db, user.id) };
  },
});

export const POST = endpoint({
  who: 'customer',
  area: 'addresses',
  handler: async ({ context, user }) => {
    const read = await readAddress(context.request, {});
    if (!read.ok) return read.response;
    const { db } = await getDb();
    const address = await addSavedAddress(db, user.id, read.address);
    const body: SavedAddressResponse = { address, addresses: await listSavedAddresses(db, user.id) };
    return json(body, { status: 201 });
  },
});
