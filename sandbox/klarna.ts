/**
 * The Klarna playground (PAYMENTS.md): Klarna's payments API as our server calls it (create a
 * session, authorise an order with the authorization token, capture, cancel), each through the
 * simulated network so PAYMENTS_FAULT applies; and what Klarna's own page does when the shopper
 * identifies (email), confirms the one-time code, or cancels. The page's calls come from the
 * shopper's browser to Klarna, so they do not cross our network.
 */
import type { SandboxDb } from './db/client';
import { isKlarnaDeniedEmail, KLARNA_FAILING_CODE } from './pay-later-config';
import {
  cancelPayLaterSession,
  finishSession,
  moveToStep,
  type NewPayLaterSession,
  openPayLaterSession,
  type PayLaterGatewayOptions,
  retrieveSession,
  type SessionRefusalCode,
} from './pay-later-sessions';

export type KlarnaSessionAnswer =
  | { ok: true; sessionId: string; redirectUrl: string }
  | { ok: false; code: SessionRefusalCode; text: string };

/** POST /payments/v1/sessions: a session for the basket, refused outside Klarna's UK limits. */
export async function createKlarnaSession(
  db: SandboxDb,
  session: NewPayLaterSession,
  options: PayLaterGatewayOptions = {},
): Promise<KlarnaSessionAnswer> {
  const answer = await openPayLaterSession(db, 'klarna', session, options);
  return answer.ok ? { ok: true, sessionId: answer.id, redirectUrl: answer.redirectUrl } : answer;
}

/** What a step on Klarna's page leads to. */
export type KlarnaPageAnswer =
  | { kind: 'step' }
  | { kind: 'error'; field: 'email' | 'code'; message: string }
  | { kind: 'return'; location: string }
  | { kind: 'ended' };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const KLARNA_PAGE_COPY = {
  emailInvalid: 'Enter a valid email address.',
  codeInvalid: 'Enter the 6-digit code we sent you.',
  codeFailed: "That code didn't work. Check it and try again.",
} as const;

/** Step 1: the shopper says who they are; Klarna sends a one-time code. */
export async function identifyKlarnaShopper(
  db: SandboxDb,
  sessionId: string,
  email: string,
): Promise<KlarnaPageAnswer> {
  const typed = email.trim();
  if (!EMAIL_SHAPE.test(typed)) return { kind: 'error', field: 'email', message: KLARNA_PAGE_COPY.emailInvalid };
  const moved = await moveToStep(db, 'klarna', sessionId, 'code', { email: typed });
  return moved ? { kind: 'step' } : { kind: 'ended' };
}

/**
 * Step 2: the one-time code. Any 6 digits but 999999 confirm it, and Klarna decides: the
 * playground's denied shopper is denied, everyone else approved.
 */
export async function confirmKlarnaCode(db: SandboxDb, sessionId: string, code: string): Promise<KlarnaPageAnswer> {
  const session = await retrieveSession(db, 'klarna', sessionId);
  if (session === null || session.status !== 'created' || session.isExpired) return { kind: 'ended' };
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return { kind: 'error', field: 'code', message: KLARNA_PAGE_COPY.codeInvalid };
  if (typed === KLARNA_FAILING_CODE) return { kind: 'error', field: 'code', message: KLARNA_PAGE_COPY.codeFailed };
  const outcome = session.email !== null && isKlarnaDeniedEmail(session.email) ? 'denied' : 'approved';
  const location = await finishSession(db, 'klarna', sessionId, outcome);
  return location === null ? { kind: 'ended' } : { kind: 'return', location };
}

/** Back to step 1 to use another email. */
export async function changeKlarnaEmail(db: SandboxDb, sessionId: string): Promise<KlarnaPageAnswer> {
  return (await moveToStep(db, 'klarna', sessionId, 'identify')) ? { kind: 'step' } : { kind: 'ended' };
}

/** "Cancel": back to the shop with nothing approved. */
export async function cancelKlarnaSession(db: SandboxDb, sessionId: string): Promise<KlarnaPageAnswer> {
  const location = await cancelPayLaterSession(db, 'klarna', sessionId);
  return location === null ? { kind: 'ended' } : { kind: 'return', location };
}
