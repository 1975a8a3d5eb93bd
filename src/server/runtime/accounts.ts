/**
 * The accounts service's run-time wiring: the login throttle (Redis when REDIS_URL is set), the mail
 * transport (SMTP_URL, else .eml files in MAIL_DIR), both from the shop's configuration
 * (src/server/config.ts, shared with the jobs and scripts), and the site's own switches from astro:env
 * (the dev mailbox; social sign-in is ./social.ts's). Only pages, endpoints and the middleware import this; the
 * service itself takes plain arguments.
 */

import { DEV_MAILBOX } from 'astro:env/server';
import Redis from 'ioredis';
import {
  type AccountCheckThrottle,
  createAccountCheckThrottle,
  createLoginThrottle,
  type LoginThrottle,
} from '@/server/accounts';
import { serverConfig } from '@/server/config';
import { getDb } from '@/server/db';
import { logError } from '@/server/log';
import { createMailTransport, deliverPendingMail, type MailTransport } from '@/server/mail';
import { createRedeemThrottle, type RedeemThrottle } from '@/server/merchants';

let throttle: LoginThrottle | undefined;
let accountChecks: AccountCheckThrottle | undefined;
let redis: Redis | undefined;
let redeemChecks: RedeemThrottle | undefined;
let transport: MailTransport | undefined;

function throttleStore(): Redis | undefined {
  const { redisUrl } = serverConfig();
  if (!redisUrl) return undefined;
  redis ??= new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return redis;
}

/** The process's login throttle. */
export function loginThrottle(): LoginThrottle {
  throttle ??= createLoginThrottle(throttleStore());
  return throttle;
}

/** The process's throttle on anonymous account checks (docs/decisions/054: the prober pays, not its neighbours). */
export function accountCheckThrottle(): AccountCheckThrottle {
  accountChecks ??= createAccountCheckThrottle(throttleStore());
  return accountChecks;
}

/** The process's throttle on guessed voucher codes at merchants' tills (docs/decisions/024). */
export function redeemThrottle(): RedeemThrottle {
  redeemChecks ??= createRedeemThrottle(throttleStore());
  return redeemChecks;
}

/** Where .eml files go when no SMTP server is configured. */
export function mailDir(): string {
  return serverConfig().mail.mailDir;
}

/** The process's flushes, one after another (each still claims its rows: see deliverPendingMail). */
let flushing: Promise<void> = Promise.resolve();

/** Sends what the outbox holds; called after a change has committed. Never throws. */
export function flushOutbox(): Promise<void> {
  const run = flushing.then(deliverOutbox);
  flushing = run;
  return run;
}

async function deliverOutbox(): Promise<void> {
  transport ??= createMailTransport(serverConfig().mail);
  try {
    const { db } = await getDb();
    await deliverPendingMail(db, transport);
  } catch (error) {
    logError('mail', 'outbox delivery failed', error);
  }
}

/** The dev mailbox page: on outside production builds, or when DEV_MAILBOX is true. */
export function isDevMailboxOn(): boolean {
  return DEV_MAILBOX ?? !import.meta.env.PROD;
}
