/**
 * spec 7 payment service /customer/instruments/{id}: the signed-in shopper removes a saved card or
 * PayPal account (DELETE: gone from the account, its Express Buy tokens and the gateway's vault), or
 * makes it the default (PATCH {default: true}). 401 signed out; 404 for an id that is not theirs.
 * Both answer the instruments as they now are.
 */
import type { APIContext } from 'astro';
import { type CustomerResponse, InstrumentIdSchema, UpdateInstrumentSchema } from '@/contracts/customer';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { NotFound } from '@/domain/errors';
import type { UserRow } from '@/server/accounts/schema';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { listCustomerInstruments, makeDefaultInstrument, removeInstrument } from '@/server/instruments';

type Change = (db: Awaited<ReturnType<typeof getDb>>['db'], userId: number, id: number, now: Date) => Promise<void>;

async function change(context: APIContext, user: UserRow, run: Change): Promise<CustomerResponse> {
  const id = InstrumentIdSchema.safeParse(context.params.id);
  if (!id.success) throw new NotFound(CHECKOUT_COPY.instrumentNotFound);
  const now = new Date();
  const { db } = await getDb();
  await run(db, user.id, id.data, now);
  return { paymentInstruments: await listCustomerInstruments(db, user.id, now) };
}

export const DELETE = endpoint({
  who: 'customer',
  area: 'customer',
  handler: ({ context, user }) =>
    change(context, user, (db, userId, id, now) => removeInstrument(db, userId, id, { now })),
});

export const PATCH = endpoint({
  who: 'customer',
  input: UpdateInstrumentSchema,
  invalid: 'firstField',
  area: 'customer',
  handler: ({ context, user }) =>
    change(context, user, (db, userId, id, now) => makeDefaultInstrument(db, userId, id, now)),
});
