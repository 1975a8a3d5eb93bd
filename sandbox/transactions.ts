/**
 * The gateway's transactions (PAYMENTS.md): a sale authorises (or refuses) the amount on the
 * instrument behind a nonce (or a vaulted payment method token); capture submits an authorisation for
 * settlement; void releases it. A customer's sale on a tokenised card, or on a saved challenge card,
 * needs its 3-D Secure authentication (./sale-authentication.ts). A sale with `storeInVault` that authorises saves the
 * instrument in the vault (./vault.ts). Every sale answer, refusals included, is stored under its
 * idempotency key and replayed for it, so a retried call never makes a second transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { RefundAnswer, TransactionLookupAnswer } from '@/contracts/payment-gateway';
import { BRAND_NAMES, type CardBrand } from '@/domain/card-details';
import type { AnswerInstrument, SaleAnswer, SettlementAnswer } from './answers';
import { builtOnce } from './db/built-once';
import type { SandboxDb, SandboxTx } from './db/client';
import { nonces, sessions, transactions } from './db/schema';
import { paypalSessionOfNonce } from './paypal';
import { checkStrongAuthentication } from './sale-authentication';
import type { SandboxConfig } from './settings';
import {
  amountOutcome,
  CONSUMED_TEST_NONCE,
  declineText,
  type InstrumentKind,
  MISMATCHING_POSTCODE,
  type SandboxInstrument,
  TEST_NONCES,
  type ThreeDSecureScenario,
} from './test-data';
import { isVaultable, vaultedInstrument, vaultInstrument } from './vault';

export interface SaleRequest {
  /** The one-time nonce paid with; empty when paying with a vaulted payment method token. */
  nonce: string;
  /** A vaulted instrument's token (Braintree's payment_method_token), in place of a nonce. */
  paymentMethodToken?: string;
  /** Keep the instrument behind the nonce in the vault when the sale authorises. */
  storeInVault?: boolean;
  amountMinor: number;
  currency: string;
  idempotencyKey: string;
  billingPostcode?: string;
  /** The 3-D Secure authentication of this nonce and amount (./sale-authentication.ts). */
  threeDSecureAuthenticationId?: string;
  /** `recurring`: the shop renews on a saved card by itself (merchant-initiated); default the shopper. */
  transactionSource?: 'customer' | 'recurring';
  /** The saved card's network reference a renewal quotes (the vault's when absent). */
  networkTransactionId?: string;
}

type Refusal = Extract<SaleAnswer, { status: 'validation_error' }>;

const BRAND_BY_NAME = new Map(Object.entries(BRAND_NAMES).map(([brand, name]) => [name, brand as CardBrand]));

/** Braintree-style transaction ids: 8 lower-case letters and digits. */
function newTransactionId(): string {
  return BigInt(`0x${randomBytes(8).toString('hex')}`)
    .toString(36)
    .slice(-8)
    .padStart(8, '0');
}

function refusal(field: Refusal['field'], code: string, text: string): Refusal {
  return { status: 'validation_error', field, code, text };
}

/**
 * Claims a nonce: the test nonces are reusable, a tokenised one is used once (Braintree 93107).
 * A PayPal approval's nonce is also bound to the amount the buyer approved and carries their email.
 */
async function claimNonce(tx: SandboxTx, request: SaleRequest): Promise<SandboxInstrument | Refusal> {
  const { nonce } = request;
  if (nonce === CONSUMED_TEST_NONCE)
    return refusal('nonce', '93107', 'Cannot use a payment_method_nonce more than once.');
  const fixed = TEST_NONCES[nonce];
  if (fixed) return { ...fixed, fingerprint: fixed.fingerprint ?? `fake:${nonce}` };
  const approval = await paypalSessionOfNonce(tx, nonce);
  if (approval !== null && approval.expiresAt.getTime() <= Date.now()) {
    return refusal('nonce', '91565', 'Unknown or expired payment_method_nonce.');
  }
  if (approval !== null && (approval.amountMinor !== request.amountMinor || approval.currency !== request.currency)) {
    return refusal('amount', 'amount_not_approved', 'The amount differs from the one the PayPal buyer approved.');
  }
  const [claimed] = await tx
    .update(nonces)
    .set({ consumedAt: new Date() })
    .where(and(eq(nonces.nonce, nonce), isNull(nonces.consumedAt)))
    .returning();
  if (!claimed) {
    const [known] = await tx.select({ nonce: nonces.nonce }).from(nonces).where(eq(nonces.nonce, nonce));
    return known
      ? refusal('nonce', '93107', 'Cannot use a payment_method_nonce more than once.')
      : refusal('nonce', '91565', 'Unknown payment_method_nonce.');
  }
  if (approval !== null) {
    await tx.update(sessions).set({ status: 'consumed' }).where(eq(sessions.id, approval.id));
  }
  return {
    kind: claimed.kind as InstrumentKind,
    brand: BRAND_BY_NAME.get(claimed.cardType ?? '') ?? 'unknown',
    cardType: claimed.cardType ?? BRAND_NAMES.unknown,
    lastFour: claimed.lastFour,
    expiryMonth: claimed.expiryMonth,
    expiryYear: claimed.expiryYear,
    behaviour: claimed.behaviour as SandboxInstrument['behaviour'],
    fingerprint: claimed.fingerprint ?? `nonce:${claimed.nonce}`,
    email: approval?.email ?? null,
    threeDSecure: claimed.threeDSecure as ThreeDSecureScenario,
  };
}

/** What a sale pays with: the nonce when there is one, else the vaulted token (Braintree 91518 when gone). */
async function instrumentFor(tx: SandboxTx, request: SaleRequest): Promise<SandboxInstrument | Refusal> {
  if (request.nonce) return claimNonce(tx, request);
  if (!request.paymentMethodToken) return refusal('nonce', '91565', 'Unknown payment_method_nonce.');
  const vaulted = await vaultedInstrument(tx, request.paymentMethodToken, new Date());
  return vaulted ?? refusal('payment_method_token', '91518', 'Payment method token is invalid.');
}

/** What a sale paid with, as stored against its idempotency key. */
function paidWith(request: SaleRequest): string {
  return request.nonce || request.paymentMethodToken || '';
}

function answerInstrument(instrument: SandboxInstrument): AnswerInstrument {
  const { kind, cardType, lastFour, expiryMonth, expiryYear } = instrument;
  return {
    kind,
    cardType,
    lastFour,
    expiryMonth,
    expiryYear,
    ...(instrument.email ? { email: instrument.email } : {}),
  };
}

/**
 * An authorised sale, with its network reference over the card networks; vaulted too when asked for
 * with a nonce (paying with a token saves nothing new), keeping that reference for renewals.
 */
async function authorised(
  tx: SandboxTx,
  request: SaleRequest,
  id: string,
  instrument: SandboxInstrument,
  networkTransactionId: string | null,
): Promise<SaleAnswer> {
  const answer: SaleAnswer = {
    status: 'authorized',
    transactionId: id,
    instrument: answerInstrument(instrument),
    ...(networkTransactionId ? { networkTransactionId } : {}),
  };
  if (!request.storeInVault || !request.nonce || !isVaultable(instrument.kind)) return answer;
  return { ...answer, vaulted: await vaultInstrument(tx, instrument, `nonce:${request.nonce}`, networkTransactionId) };
}

/**
 * The gateway's decision: the nonce, then the brand, then the card's fields, then the issuer's Strong
 * Customer Authentication (./sale-authentication.ts: 2099 without it), then the card's behaviour,
 * then the amount.
 */
async function decide(tx: SandboxTx, request: SaleRequest, config: SandboxConfig, id: string): Promise<SaleAnswer> {
  if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) {
    return refusal('amount', '81531', 'Amount must be greater than zero.');
  }
  const instrument = await instrumentFor(tx, request);
  if ('status' in instrument) return instrument;
  if (instrument.kind !== 'paypal' && !(instrument.brand && config.brandsAccepted.has(instrument.brand))) {
    return refusal('brand', '81703', 'Credit card type is not accepted by this merchant account.');
  }
  const card = answerInstrument(instrument);
  if (instrument.behaviour === 'luhn_invalid') return refusal('number', '81715', 'Credit card number is invalid.');
  if (instrument.behaviour === 'expired') return refusal('expiry', '81710', 'Expiration date is invalid.');
  const issuer = await checkStrongAuthentication(tx, request, instrument, id);
  if (!issuer.ok) {
    return { status: 'processor_declined', transactionId: id, code: '2099', text: declineText(2099), instrument: card };
  }
  switch (instrument.behaviour) {
    case 'cvv_mismatch':
      return { status: 'gateway_rejected', transactionId: id, rejectionReason: 'cvv', text: 'Gateway Rejected: cvv' };
    case 'postcode_mismatch':
      return { status: 'gateway_rejected', transactionId: id, rejectionReason: 'avs', text: 'Gateway Rejected: avs' };
    case 'verify_declined':
      return {
        status: 'processor_declined',
        transactionId: id,
        code: '2000',
        text: declineText(2000),
        instrument: card,
      };
    case 'fraud':
      return {
        status: 'gateway_rejected',
        transactionId: id,
        rejectionReason: 'fraud',
        text: 'Gateway Rejected: fraud',
      };
    case '3ds_fail':
      return {
        status: 'gateway_rejected',
        transactionId: id,
        rejectionReason: 'three_d_secure',
        text: 'Gateway Rejected: three_d_secure',
      };
    default:
      break;
  }
  if (request.billingPostcode?.trim() === MISMATCHING_POSTCODE) {
    return { status: 'gateway_rejected', transactionId: id, rejectionReason: 'avs', text: 'Gateway Rejected: avs' };
  }
  const outcome = amountOutcome(request.amountMinor, instrument.kind);
  switch (outcome.kind) {
    case 'processorDeclined':
      return {
        status: 'processor_declined',
        transactionId: id,
        code: outcome.code,
        text: outcome.text,
        instrument: card,
      };
    case 'networkUnavailable':
      return { status: 'failed', transactionId: id, code: outcome.code, text: outcome.text };
    case 'gatewayRejected':
      return { status: 'gateway_rejected', transactionId: id, rejectionReason: outcome.code, text: outcome.text };
    default:
      return authorised(tx, request, id, instrument, issuer.networkTransactionId);
  }
}

function storedStatus(answer: SaleAnswer): string {
  return answer.status === 'validation_error' ? 'failed' : answer.status;
}

function responseCode(answer: SaleAnswer): string | null {
  if (answer.status === 'authorized') return '1000';
  if (answer.status === 'gateway_rejected') return answer.rejectionReason;
  return answer.code;
}

/** A sale's stored answer under its key, built once per connection (./db/built-once.ts). */
const SALE_UNDER_KEY = builtOnce((db) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.idempotencyKey, sql.placeholder('idempotencyKey')))
    .prepare('sandbox_sale_under_key'),
);

/**
 * A sale's answer stored unless its key is taken already, built once per connection
 * (./db/built-once.ts). It returns no row when the key was taken: by an earlier call, or by a
 * concurrent one whose commit PostgreSQL waited for (the unique index on the key).
 */
const STORE_SALE = builtOnce((db) =>
  db
    .insert(transactions)
    .values({
      id: sql.placeholder('id'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      nonce: sql.placeholder('nonce'),
      amountMinor: sql.placeholder('amountMinor'),
      currency: sql.placeholder('currency'),
      status: sql.placeholder('status'),
      responseCode: sql.placeholder('responseCode'),
      responseText: sql.placeholder('responseText'),
      response: sql.placeholder('response'),
    })
    .onConflictDoNothing({ target: transactions.idempotencyKey })
    .returning({ id: transactions.id })
    .prepare('sandbox_store_sale'),
);

/** Thrown inside a sale's transaction when its key was taken, so what the sale did is rolled back. */
class KeyTaken extends Error {}

/**
 * A sale, authorised but not yet submitted for settlement. The same idempotency key replays the
 * stored answer (a concurrent repeat waits for the first); the same key with another nonce or
 * amount is refused and changes nothing.
 *
 * The sale decides and stores its answer in one transaction; the unique index on the key says who
 * was first. A repeat finds the key taken when it stores: its transaction is rolled back (a nonce it
 * claimed, a card it vaulted) and it answers with what the first stored. So a first call, every
 * sale but a retried one, sends begin, its decision's statements, the insert and commit, with no
 * lock or look-up of its own (docs/decisions/085).
 */
export async function sale(db: SandboxDb, request: SaleRequest, config: SandboxConfig): Promise<SaleAnswer> {
  try {
    return await db.transaction(async (tx) => {
      const id = newTransactionId();
      const answer = await decide(tx, request, config, id);
      const [stored] = await STORE_SALE(tx).execute({
        id,
        idempotencyKey: request.idempotencyKey,
        nonce: paidWith(request),
        amountMinor: request.amountMinor,
        currency: request.currency,
        status: storedStatus(answer),
        responseCode: responseCode(answer),
        responseText: answer.status === 'authorized' ? 'Approved' : answer.text,
        response: answer,
      });
      if (stored === undefined) throw new KeyTaken();
      return answer;
    });
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
  }
  // The key's first sale has committed (the insert waited for it): its answer, read afresh.
  const [existing] = await SALE_UNDER_KEY(db).execute({ idempotencyKey: request.idempotencyKey });
  if (existing === undefined) throw new Error(`sale under key ${request.idempotencyKey} vanished`);
  const sameRequest =
    existing.nonce === paidWith(request) &&
    existing.amountMinor === request.amountMinor &&
    existing.currency === request.currency;
  if (!sameRequest) {
    return refusal('idempotency_key', 'idempotency_key_reused', 'This idempotency key was used for another request.');
  }
  return existing.response as SaleAnswer;
}

/**
 * A transaction moved to capture's status (from authorized) or void's (from authorized, or submitted
 * and not yet settled), built once per connection (./db/built-once.ts): every order's capture sends it.
 */
const MOVES = {
  submitted_for_settlement: moveStatement('submitted_for_settlement', ['authorized']),
  voided: moveStatement('voided', ['authorized', 'submitted_for_settlement']),
};

function moveStatement(to: 'submitted_for_settlement' | 'voided', from: readonly string[]) {
  return builtOnce((db) =>
    db
      .update(transactions)
      .set({ status: to })
      .where(
        and(
          eq(transactions.id, sql.placeholder('transactionId')),
          sql`${transactions.status} in (${sql.join(
            from.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ status: transactions.status })
      .prepare(`sandbox_move_to_${to}`),
  );
}

async function moveTransaction(
  db: SandboxDb,
  transactionId: string,
  to: keyof typeof MOVES,
  done: readonly string[],
): Promise<SettlementAnswer> {
  const [moved] = await MOVES[to](db).execute({ transactionId });
  if (moved) return { success: true, status: to };
  const [current] = await db
    .select({ status: transactions.status })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  if (!current) return { success: false, code: 'not_found', text: `No transaction ${transactionId}.` };
  if (done.includes(current.status)) {
    return { success: true, status: current.status as 'submitted_for_settlement' | 'settled' | 'voided' };
  }
  const code = to === 'voided' ? 'cannot_void' : 'cannot_submit_for_settlement';
  return { success: false, code, text: `Transaction ${transactionId} is ${current.status}.` };
}

/** Capture: authorized -> submitted_for_settlement. Capturing again is harmless. */
export function submitForSettlement(db: SandboxDb, transactionId: string): Promise<SettlementAnswer> {
  return moveTransaction(db, transactionId, 'submitted_for_settlement', ['submitted_for_settlement', 'settled']);
}

/** Void: authorized (or submitted, not yet settled) -> voided. Voiding a voided one is harmless. */
export function voidTransaction(db: SandboxDb, transactionId: string): Promise<SettlementAnswer> {
  return moveTransaction(db, transactionId, 'voided', ['voided']);
}

/** The sandbox's settlement batch: everything submitted settles (the real gateway does this daily). */
export async function settleSubmitted(db: SandboxDb): Promise<number> {
  const settled = await db
    .update(transactions)
    .set({ status: 'settled' })
    .where(eq(transactions.status, 'submitted_for_settlement'))
    .returning({ id: transactions.id });
  return settled.length;
}

/**
 * Refunds part or all of a captured sale as a credit transaction of its own (Braintree's
 * transaction.refund). Allowed once the sale is submitted for settlement or settled (the sandbox's
 * batch settles later, so "settling" counts, as Braintree's does for refunds of settling sales),
 * never more than what is left of it. The same key replays the first answer.
 */
export async function refundTransaction(
  db: SandboxDb,
  transactionId: string,
  request: { amountMinor: number; idempotencyKey: string },
  /** Whose sale it must be: Braintree's (cards, PayPal, wallets), or a pay-later provider's (Klarna's, Clearpay's refunds). */
  provider: 'braintree' | 'klarna' | 'clearpay' = 'braintree',
): Promise<RefundAnswer> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${request.idempotencyKey}))`);
    const refundOf = `refund:${transactionId}`;
    const [existing] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.idempotencyKey, request.idempotencyKey));
    if (existing) {
      if (existing.nonce !== refundOf || existing.amountMinor !== request.amountMinor) {
        return {
          success: false,
          code: 'idempotency_key_reused',
          text: 'This idempotency key was used for another request.',
        };
      }
      return existing.response as RefundAnswer;
    }
    const [parent] = await tx.select().from(transactions).where(eq(transactions.id, transactionId)).for('update');
    if (!parent || parent.nonce.startsWith('refund:') || parent.provider !== provider) {
      return { success: false, code: 'not_found', text: `No sale ${transactionId}.` };
    }
    if (parent.status !== 'submitted_for_settlement' && parent.status !== 'settled') {
      return { success: false, code: 'cannot_refund', text: `Transaction ${transactionId} is ${parent.status}.` };
    }
    const [refunded] = await tx
      .select({ total: sql<number>`coalesce(sum(${transactions.amountMinor}), 0)`.mapWith(Number) })
      .from(transactions)
      .where(eq(transactions.nonce, refundOf));
    if ((refunded?.total ?? 0) + request.amountMinor > parent.amountMinor) {
      return { success: false, code: 'amount_too_large', text: 'Refund amount is too large.' };
    }
    const id = newTransactionId();
    const answer: RefundAnswer = { success: true, refundTransactionId: id, amountMinor: request.amountMinor };
    await tx.insert(transactions).values({
      id,
      provider,
      idempotencyKey: request.idempotencyKey,
      nonce: refundOf,
      amountMinor: request.amountMinor,
      currency: parent.currency,
      status: 'submitted_for_settlement',
      responseCode: '1000',
      responseText: 'Approved',
      response: answer,
    });
    return answer;
  });
}

/** The sale made under an idempotency key (Braintree's search by order id), or none. */
export async function findSaleByKey(db: SandboxDb, idempotencyKey: string): Promise<TransactionLookupAnswer> {
  const [found] = await db.select().from(transactions).where(eq(transactions.idempotencyKey, idempotencyKey));
  if (!found || found.nonce.startsWith('refund:')) return { found: false };
  return { found: true, transactionId: found.id, status: found.status, amountMinor: found.amountMinor };
}
