/**
 * Step 2 of an order (docs/decisions/012): authorise the cash part with the payment provider. The
 * payment row is written as `authorising` before the provider is called, so an authorisation whose
 * order never commits is found and voided by `voidAbandonedAuthorisations`; it stays `authorising`
 * when the provider's answer never came (a timeout), since the sale may have gone through late.
 */
import { eq, sql } from 'drizzle-orm';
import { describePaymentFailure } from '@/domain/payment-outcome';
import { builtOnce, type Db, type DbOrTx, UNNAMED } from '@/server/db';
import type { AuthorisationResult, PaymentProvider } from '@/server/payments';
import type { Authorisation, OrderPayment, PaymentRefusal, PlaceOrderRequest } from './request';
import { payments } from './schema';

export type AuthoriseResult = { ok: true; authorisation: Authorisation } | PaymentRefusal;

/**
 * Whether an authorisation's result leaves open what the provider did: the call timed out, or never
 * got a readable answer (a connection refused is also this: the client cannot tell it from one reset
 * after the request went out). A provider's own "3000 no response" is an answer: nothing was taken.
 */
function outcomeUnknown(result: AuthorisationResult): boolean {
  return result.kind === 'unreachable' || (result.kind === 'noResponse' && result.code === 'timeout');
}

/**
 * The payment as the provider authorised it, built once per connection (docs/decisions/078, 080): it
 * is sent on every card order.
 */
const MARK_AUTHORISED = builtOnce((db: DbOrTx) =>
  db
    .update(payments)
    .set({
      status: 'authorised',
      transactionId: sql`${sql.placeholder('transactionId')}`,
      cardType: sql`${sql.placeholder('cardType')}`,
      lastFour: sql`${sql.placeholder('lastFour')}`,
      expiryMonth: sql`${sql.placeholder('expiryMonth')}`,
      expiryYear: sql`${sql.placeholder('expiryYear')}`,
      // decision 043: whether the issuer, not the shop, carries a fraudulent payment's loss.
      threeDSecureStatus: sql`${sql.placeholder('threeDSecureStatus')}`,
      liabilityShifted: sql`${sql.placeholder('liabilityShifted')}`,
      networkTransactionId: sql`${sql.placeholder('networkTransactionId')}`,
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare(UNNAMED),
);

/** Authorises `amountMinor` for this request's payment; a decline is an answer, never a throw. */
export async function authorisePayment(
  db: Db,
  provider: PaymentProvider,
  request: Pick<PlaceOrderRequest, 'idempotencyKey'> & { payment: OrderPayment; reference: string },
  amount: { amountMinor: number; currency: 'GBP' | 'EUR' },
  /** The `authorising` row the hold wrote already (docs/decisions/072), else null: written here. */
  writtenPaymentId: number | null = null,
): Promise<AuthoriseResult> {
  const { idempotencyKey, payment: orderPayment } = request;
  const [payment] =
    writtenPaymentId !== null
      ? [{ id: writtenPaymentId }]
      : await db
          .insert(payments)
          .values({
            idempotencyKey,
            provider: provider.type,
            method: orderPayment.method,
            status: 'authorising',
            amountMinor: amount.amountMinor,
            currency: amount.currency,
          })
          .onConflictDoUpdate({ target: payments.idempotencyKey, set: { updatedAt: sql`now()` } })
          .returning({ id: payments.id });
  if (payment === undefined) throw new Error('payments insert returned nothing');
  const result = await provider.authorise({
    nonce: orderPayment.nonce ?? '',
    paymentMethodToken: orderPayment.savedInstrument?.token,
    storeInVault: orderPayment.save === true && orderPayment.savedInstrument === undefined,
    amount,
    idempotencyKey,
    reference: request.reference,
    billingPostcode: orderPayment.billingPostcode,
    threeDSecureAuthenticationId: orderPayment.threeDSecureAuthenticationId,
  });
  if (result.kind !== 'authorised') {
    await db
      .update(payments)
      .set({
        // docs/decisions/032: no answer in time, or the connection failed, says nothing about what
        // the provider did: a late sale may have authorised. The row stays `authorising`, so the
        // sweep asks the provider for the sale under the key and voids it (or marks the row failed
        // when there is none).
        status: outcomeUnknown(result)
          ? 'authorising'
          : result.kind === 'processorDeclined' || result.kind === 'invalidInstrument'
            ? 'declined'
            : 'failed',
        responseCode: 'code' in result ? result.code : result.kind,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    const failure = describePaymentFailure(result);
    const refusal: PaymentRefusal = {
      ok: false,
      kind: 'paymentDeclined',
      message: failure.message,
      reason: failure.reason,
    };
    // decision 043: the issuer asks to authenticate this payment on a saved card; the browser can.
    return result.kind === 'processorDeclined' && result.authenticationRequired
      ? { ...refusal, code: 'authenticationRequired' }
      : refusal;
  }
  const { instrument } = result;
  const threeDSecure = result.threeDSecure ?? null;
  await MARK_AUTHORISED(db).execute({
    id: payment.id,
    transactionId: result.transactionId,
    cardType: instrument.cardType,
    lastFour: instrument.lastFour,
    expiryMonth: instrument.expiryMonth,
    expiryYear: instrument.expiryYear,
    threeDSecureStatus: threeDSecure?.status ?? null,
    liabilityShifted: threeDSecure?.liabilityShifted ?? false,
    networkTransactionId: result.networkTransactionId ?? null,
  });
  return {
    ok: true,
    authorisation: {
      paymentId: payment.id,
      transactionId: result.transactionId,
      cardType: instrument.cardType,
      instrument,
      vaulted: result.vaulted ?? null,
      threeDSecure,
    },
  };
}
