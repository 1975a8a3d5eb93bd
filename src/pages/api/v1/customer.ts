/**
 * spec 7 payment service GET /customer (signed in; 401 otherwise): the shopper's saved payment
 * instruments, default first. Personal: never cached.
 */
import type { APIRoute } from 'astro';
import type { CustomerResponse } from '../../../contracts/customer';
import { requireUser } from '../../../server/accounts/api';
import { getDb } from '../../../server/db';
import { json } from '../../../server/http/api';
import { listCustomerInstruments } from '../../../server/instruments';

export const GET: APIRoute = async (context) => {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  const { db } = await getDb();
  const now = new Date();
  const body: CustomerResponse = { paymentInstruments: await listCustomerInstruments(db, signedIn.user.id, now) };
  return json(body);
};
