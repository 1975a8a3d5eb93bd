/**
 * spec 7 payment service /customer/instruments/{id}: the signed-in shopper removes a saved card or
 * PayPal account (DELETE: gone from the account, its Express Buy tokens and the gateway's vault), or
 * makes it the default (PATCH {default: true}). 401 signed out; 404 for an id that is not theirs.
 * Both answer the instruments as they now are.
 */
import type { APIContext, APIRoute } from 'astro';
import { type CustomerResponse, InstrumentIdSchema, UpdateInstrumentSchema } from '../../../../../contracts/customer';
import { CHECKOUT_COPY } from '../../../../../domain/checkout-copy';
import { MESSAGES } from '../../../../../domain/messages';
import { readBody, requireUser } from '../../../../../server/accounts/api';
import { getDb } from '../../../../../server/db';
import { apiError, json } from '../../../../../server/http/api';
import {
  InstrumentError,
  listCustomerInstruments,
  makeDefaultInstrument,
  removeInstrument,
} from '../../../../../server/instruments';
import { logError } from '../../../../../server/log';

type Change = (db: Awaited<ReturnType<typeof getDb>>['db'], userId: number, id: number, now: Date) => Promise<void>;

async function change(context: APIContext, run: Change, body?: typeof UpdateInstrumentSchema): Promise<Response> {
  const signedIn = await requireUser(context);
  if (!signedIn.ok) return signedIn.response;
  if (body !== undefined) {
    const read = await readBody(context.request, body);
    if (!read.ok) return read.response;
  }
  const id = InstrumentIdSchema.safeParse(context.params.id);
  if (!id.success) return apiError(404, CHECKOUT_COPY.instrumentNotFound);
  const now = new Date();
  try {
    const { db } = await getDb();
    await run(db, signedIn.user.id, id.data, now);
    const body: CustomerResponse = { paymentInstruments: await listCustomerInstruments(db, signedIn.user.id, now) };
    return json(body);
  } catch (error) {
    if (error instanceof InstrumentError) {
      return error.code === 'notFound'
        ? apiError(404, CHECKOUT_COPY.instrumentNotFound)
        : apiError(409, CHECKOUT_COPY.instrumentExpired);
    }
    logError('customer', 'instrument change failed', error);
    return apiError(503, MESSAGES.somethingWentWrong);
  }
}

export const DELETE: APIRoute = (context) =>
  change(context, (db, userId, id, now) => removeInstrument(db, userId, id, { now }));

export const PATCH: APIRoute = (context) =>
  change(context, (db, userId, id, now) => makeDefaultInstrument(db, userId, id, now), UpdateInstrumentSchema);
