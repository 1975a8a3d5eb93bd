/**
 * spec 7 payment service GET /customer (signed in; 401 otherwise): the shopper's saved payment
 * instruments, default first. Personal: never cached.
 */
import type { CustomerResponse } from '@/contracts/customer';
import { getDb } from '@/server/db';
import { endpoint } from '@/server/http';
import { listCustomerInstruments } from '@/server/instruments';

export const GET = endpoint({
  who: 'customer',
  area: 'instruments',
  handler: async ({ user }): Promise<CustomerResponse> => {
    const { db } = await getDb();
    return { paymentInstruments: await listCustomerInstruments(db, user.id, new Date()) };
  },
});
