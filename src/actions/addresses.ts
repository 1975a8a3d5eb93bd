/**
 * Saved delivery addresses' actions (docs/decisions/051): the /myaccount/addresses forms, plain POSTs
 * that work without JavaScript (decision 030). Adding and editing take the address through
 * DeliveryAddressSchema, so each field's message (ADDRESS_MESSAGES) shows beside it with the typed
 * values kept; making one the default and removing one (after the page has asked) take its id.
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { DeliveryAddressSchema, SavedAddressEditSchema } from '@/contracts/delivery';
import { formInput } from '@/contracts/form';
import { DbIdInputSchema } from '@/contracts/text';
import { addSavedAddress, removeSavedAddress, setDefaultAddress, updateSavedAddress } from '@/server/addresses';
import { getDb } from '@/server/db';
import { requireSignedIn } from '@/server/http';
import { answer } from './answer';

export const addressActions = {
  /** Adds a saved address (the first becomes the default). */
  addAddress: defineAction({
    accept: 'form',
    input: formInput(DeliveryAddressSchema),
    handler: (address, context) =>
      answer('addresses', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const saved = await addSavedAddress(db, user.id, address);
        return { done: 'added' as const, id: saved.id };
      }),
  }),

  /** Changes one of the shopper's saved addresses. */
  editAddress: defineAction({
    accept: 'form',
    input: formInput(SavedAddressEditSchema),
    handler: ({ id, ...address }, context) =>
      answer('addresses', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await updateSavedAddress(db, user.id, id, address);
        return { done: 'updated' as const, id };
      }),
  }),

  /** Makes one the default, or removes it (the page asks first). */
  changeAddress: defineAction({
    accept: 'form',
    input: z.object({ intent: z.enum(['default', 'remove']), id: DbIdInputSchema }),
    handler: ({ intent, id }, context) =>
      answer('addresses', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        if (intent === 'default') await setDefaultAddress(db, user.id, id);
        else await removeSavedAddress(db, user.id, id);
        return { done: intent === 'default' ? ('default' as const) : ('removed' as const), id };
      }),
  }),
};
