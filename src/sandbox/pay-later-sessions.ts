/**
 * What Klarna's and Clearpay's sandboxes keep (PAYMENTS.md): a session made for an amount, moved
 * through the provider's own page (identify, code, card) to approved, denied, declined or
 * cancelled; an approved one is then consumed by exactly one sale (./pay-later-sales.ts). Both
 * providers share this; ./klarna.ts and ./clearpay.ts hold their own rules.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { PayLaterSessionAnswer, SessionRefusalCode } from '@/contracts/payment-gateway';
import type { AmountRange } from '@/domain/payment-eligibility';
import type { Db } from '@/server/db';
import { overNetwork } from './network';
import {
  CLEARPAY_MERCHANT_LIMITS,
  KLARNA_UK_LIMITS,
  PAY_LATER_CURRENCY,
  PAY_LATER_SESSION_MS,
  type PayLaterProvider,
} from './pay-later-config';
import { sandboxSessions } from './schema';

/** One line of the basket as the provider's page lists it. */
export interface PayLaterOrderLine {
  name: string;
  quantity: number;
  totalMinor: number;
}

/** Where the session is on the provider's page before it ends. */
export type PayLaterStep = 'identify' | 'code' | 'card';

/** How a session ended, as the return URL's pm_status says it. */
export type PayLaterOutcome = 'approved' | 'denied' | 'declined' | 'cancelled';

interface SessionDetails {
  step: PayLaterStep;
  /** The path (and query) on the shop the provider sends the shopper back to. */
  returnPath: string;
  orderLines: PayLaterOrderLine[];
  /** The shopper's email: given by the shop when the session was made, or typed on the page. */
  email: string | null;
}

/** A session as the provider's page shows it. */
export interface PayLaterSession {
  id: string;
  provider: PayLaterProvider;
  amountMinor: number;
  currency: string;
  /** created (still on the provider's page), approved, denied, declined, cancelled, consumed */
  status: string;
  step: PayLaterStep;
  email: string | null;
  orderLines: PayLaterOrderLine[];
  returnPath: string;
  isExpired: boolean;
}

export interface NewPayLaterSession {
  amountMinor: number;
  currency: string;
  orderLines: PayLaterOrderLine[];
  returnPath: string;
  email?: string | null;
}

export interface PayLaterGatewayOptions {
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

export type { SessionRefusalCode } from '@/contracts/payment-gateway';

/** Checks an amount against a provider's limits, as both providers do before opening a session. */
export function refuseAmount(
  amountMinor: number,
  currency: string,
  limits: { minMinor: number; maxMinor: number },
): { code: SessionRefusalCode; text: string } | null {
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
    return { code: 'bad_amount', text: 'The amount must be a whole number of pence above zero.' };
  }
  if (currency !== PAY_LATER_CURRENCY) {
    return { code: 'currency_not_supported', text: `Only ${PAY_LATER_CURRENCY} is set up for this merchant.` };
  }
  if (amountMinor < limits.minMinor || amountMinor > limits.maxMinor) {
    return { code: 'amount_outside_limits', text: 'The amount is outside the limits for this merchant.' };
  }
  return null;
}

const TOKEN_PREFIX: Readonly<Record<PayLaterProvider, () => string>> = {
  // Klarna's ids and authorization tokens are UUIDs; Clearpay's checkout tokens are "002." and letters.
  klarna: () => randomUUID(),
  clearpay: () => `002.${randomBytes(18).toString('hex')}`,
};

function toSession(row: typeof sandboxSessions.$inferSelect, now: Date): PayLaterSession {
  const details = row.details as unknown as SessionDetails;
  return {
    id: row.id,
    provider: row.provider as PayLaterProvider,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status,
    step: details.step,
    email: details.email,
    orderLines: details.orderLines,
    returnPath: details.returnPath,
    isExpired: row.expiresAt.getTime() <= now.getTime(),
  };
}

/** Stores a new session on its provider's first step; the caller has checked the amount. */
export async function createSession(
  db: Db,
  provider: PayLaterProvider,
  session: NewPayLaterSession,
  firstStep: PayLaterStep,
  now: Date,
): Promise<string> {
  const id = TOKEN_PREFIX[provider]();
  const details: SessionDetails = {
    step: firstStep,
    returnPath: session.returnPath,
    orderLines: session.orderLines,
    email: session.email ?? null,
  };
  await db.insert(sandboxSessions).values({
    id,
    provider,
    amountMinor: session.amountMinor,
    currency: session.currency,
    details: details as unknown as Record<string, unknown>,
    expiresAt: new Date(now.getTime() + PAY_LATER_SESSION_MS),
  });
  return id;
}

/** The provider's session by id, or null (another provider's id is unknown here). */
export async function retrieveSession(
  db: Db,
  provider: PayLaterProvider,
  id: string,
  now: Date = new Date(),
): Promise<PayLaterSession | null> {
  const [row] = await db
    .select()
    .from(sandboxSessions)
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.provider, provider)));
  return row === undefined ? null : toSession(row, now);
}

const isOpen = (session: PayLaterSession | null): session is PayLaterSession =>
  session !== null && session.status === 'created' && !session.isExpired;

/** Moves an open session to another step of the provider's page; false when it is no longer open. */
export async function moveToStep(
  db: Db,
  provider: PayLaterProvider,
  id: string,
  step: PayLaterStep,
  change: { email?: string } = {},
  now: Date = new Date(),
): Promise<boolean> {
  const session = await retrieveSession(db, provider, id, now);
  if (!isOpen(session)) return false;
  const details: SessionDetails = {
    step,
    returnPath: session.returnPath,
    orderLines: session.orderLines,
    email: change.email ?? session.email,
  };
  const moved = await db
    .update(sandboxSessions)
    .set({ details: details as unknown as Record<string, unknown> })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'created')))
    .returning({ id: sandboxSessions.id });
  return moved.length === 1;
}

/** Where the shopper goes back to: the shop's return path with the outcome (and the token). */
export function returnLocation(
  provider: PayLaterProvider,
  returnPath: string,
  outcome: PayLaterOutcome,
  token: string | null,
): string {
  const url = new URL(returnPath, 'http://shop.invalid');
  url.searchParams.set('pm', provider);
  url.searchParams.set('pm_status', outcome);
  if (token !== null) url.searchParams.set('pm_token', token);
  else url.searchParams.delete('pm_token');
  return `${url.pathname}${url.search}`;
}

/**
 * Ends an open session. Approval hands out the token the shop pays with (for Clearpay, the
 * checkout token itself, as Clearpay's redirect carries it). Returns where the shopper goes
 * next, or null when the session had already ended or expired.
 */
export async function finishSession(
  db: Db,
  provider: PayLaterProvider,
  id: string,
  outcome: PayLaterOutcome,
  now: Date = new Date(),
): Promise<string | null> {
  const session = await retrieveSession(db, provider, id, now);
  if (!isOpen(session)) return null;
  const token = outcome !== 'approved' ? null : provider === 'clearpay' ? id : randomUUID();
  const ended = await db
    .update(sandboxSessions)
    .set({ status: outcome, authToken: token })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'created')))
    .returning({ id: sandboxSessions.id });
  if (ended.length !== 1) return null;
  return returnLocation(provider, session.returnPath, outcome, token);
}

/**
 * What differs between Klarna and Clearpay when a session opens; the rest is one logic. Klarna's
 * limits are its own UK ones, Clearpay's the merchant's; Klarna's page starts by asking who the
 * shopper is, Clearpay's with the SMS code.
 */
const PROVIDER_RULES: Readonly<
  Record<PayLaterProvider, { limits: AmountRange; firstStep: PayLaterStep; page: string }>
> = {
  klarna: { limits: KLARNA_UK_LIMITS, firstStep: 'identify', page: '/sandbox/klarna/hpp/' },
  clearpay: { limits: CLEARPAY_MERCHANT_LIMITS, firstStep: 'code', page: '/sandbox/clearpay/checkout/' },
};

/** The provider's order-amount limits for the merchant (Klarna's configuration is its fixed UK range). */
export function payLaterLimits(provider: PayLaterProvider): AmountRange {
  return PROVIDER_RULES[provider].limits;
}

/**
 * Klarna's "create session" and Clearpay's "create checkout", through the simulated network: a
 * session for the basket on the provider's first step, refused outside its limits.
 */
export function openPayLaterSession(
  db: Db,
  provider: PayLaterProvider,
  session: NewPayLaterSession,
  options: PayLaterGatewayOptions = {},
): Promise<PayLaterSessionAnswer> {
  return overNetwork(async () => {
    const rules = PROVIDER_RULES[provider];
    const refusal = refuseAmount(session.amountMinor, session.currency, rules.limits);
    if (refusal !== null) return { ok: false, ...refusal };
    const id = await createSession(db, provider, session, rules.firstStep, options.now ?? new Date());
    return { ok: true, id, redirectUrl: `${rules.page}${encodeURIComponent(id)}` };
  }, options.env);
}

/** "Cancel" on the provider's page: back to the shop with nothing approved; null when it had ended. */
export function cancelPayLaterSession(db: Db, provider: PayLaterProvider, id: string): Promise<string | null> {
  return finishSession(db, provider, id, 'cancelled');
}
