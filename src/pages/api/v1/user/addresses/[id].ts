/**
 * /api/v1/user/addresses/{id} (docs/decisions/051): one of the signed-in shopper's saved addresses.
 * GET reads it; PATCH changes the fields sent (the rest keep their saved values) and, with
 * `isDefault: true`, makes it the default; DELETE removes it (the newest one left becomes the default
 * when it was). 401 signed out; 404 for an id that is not theirs; a bad address is a 400 with each
 * field's message.
 */
import type { SavedAddress, SavedAddressesResponse, SavedAddressResponse } from '@/contracts/delivery';
import { NotFound } from '@/domain/errors';
import {
  listSavedAddresses,
  removeSavedAddress,
  retrieveSavedAddress,
  SAVED_ADDRESS_COPY,
  setDefaultAddress,
  updateSavedAddress,
} from '@/server/addresses';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { readAddress } from './_read-address';

export const GET = endpoint({
  who: 'customer',
  area: 'addresses',
  id: SAVED_ADDRESS_COPY.notFound,
  handler: async ({ user, id }): Promise<SavedAddress> => {
    const { db } = await getDb();
    const address = await retrieveSavedAddress(db, user.id, id);
    if (address === null) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    return address;
  },
});

export const PATCH = endpoint({
  who: 'customer',
  area: 'addresses',
  id: SAVED_ADDRESS_COPY.notFound,
  handler: async ({ context, user, id }) => {
    const { db } = await getDb();
    const saved = await retrieveSavedAddress(db, user.id, id);
    if (saved === null) throw new NotFound(SAVED_ADDRESS_COPY.notFound);
    const read = await readAddress(context.request, saved);
    if (!read.ok) return read.response;
    let address = read.changesAddress ? await updateSavedAddress(db, user.id, id, read.address) : saved;
    if (read.isDefault) address = await setDefaultAddress(db, user.id, id);
    const body: SavedAddressResponse = { address, addresses: await listSavedAddresses(db, user.id) };
    return body;
  },
});

export const DELETE = endpoint({
  who: 'customer',
  area: 'addresses',
  id: SAVED_ADDRESS_COPY.notFound,
  handler: async ({ user, id }): Promise<SavedAddressesResponse> => {
    const { db } = await getDb();
    await removeSavedAddress(db, user.id, id);
    return { addresses: await listSavedAddresses(db, user.id) };
  },
});
