/**
 * Email through an outbox (ARCHITECTURE "Money and state"): a change writes its message in the same
 * transaction, and `deliverPendingMail` sends it after commit with nodemailer, over SMTP when
 * configured, else as .eml files in a local folder (the dev mailbox reads them).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '@/server/db';
import { describeError, logError } from '@/server/log';
import { outbox } from './schema';

export interface OutgoingMail {
  userId: number | null;
  kind: string;
  recipient: string;
  subject: string;
  body: string;
  /** Extra headers (List-Unsubscribe on marketing mail); kept in the row's payload as `header:<name>`. */
  headers?: Record<string, string>;
}

export interface MailTransport {
  send(mail: { to: string; subject: string; text: string; headers?: Record<string, string> }): Promise<void>;
}

const HEADER_PREFIX = 'header:';

/**
 * Account deletion (spec 7 anonymize): the mail a person was sent keeps its row (what was sent, and
 * when) but no longer their address or what it said. Runs in the deletion's transaction.
 */
export async function forgetRecipient(tx: DbOrTx, userId: number, placeholder: string): Promise<void> {
  await tx.update(outbox).set({ recipient: placeholder, body: '' }).where(eq(outbox.userId, userId));
}

/** The headers a queued row carries (its payload's `header:` entries). */
export function headersOf(payload: Record<string, string> | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (key.startsWith(HEADER_PREFIX)) headers[key.slice(HEADER_PREFIX.length)] = value;
  }
  return headers;
}

export const MAIL_FROM = 'Tuppence <hello@tuppence.co.uk>';
const MAX_ATTEMPTS = 5;

/** Queues a message; call inside the transaction that makes the change it reports. */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const { headers, ...fields } = mail;
  const payload = Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [`${HEADER_PREFIX}${name}`, value]),
  );
  const [row] = await tx
    .insert(outbox)
    .values({ ...fields, payload })
    .returning({ id: outbox.id });
  if (row === undefined) throw new Error('outbox insert returned nothing');
  return row.id;
}

/** Sends queued messages (oldest first); a failure is recorded on the row and retried later. */
export async function deliverPendingMail(db: Db, transport: MailTransport, limit = 20): Promise<number> {
  const pending = await db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(outbox.id))
    .limit(limit);
  let sent = 0;
  for (const mail of pending) {
    // Claim this attempt first: of two deliveries that read the same row (two requests flushing at
    // once, or two processes), only the one whose conditional update lands sends it.
    const [claimed] = await db
      .update(outbox)
      .set({ attempts: mail.attempts + 1 })
      .where(and(eq(outbox.id, mail.id), isNull(outbox.sentAt), eq(outbox.attempts, mail.attempts)))
      .returning({ id: outbox.id });
    if (claimed === undefined) continue;
    try {
      await transport.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        headers: headersOf(mail.payload),
      });
      await db.update(outbox).set({ sentAt: sql`now()` }).where(eq(outbox.id, mail.id));
      sent += 1;
    } catch (error) {
      const reason = describeError(error);
      await db
        .update(outbox)
        .set({ lastError: reason.slice(0, 500) })
        .where(eq(outbox.id, mail.id));
      logError('mail', `outbox ${mail.id} (${mail.kind}) not sent`, error);
    }
  }
  return sent;
}

/** SMTP when a URL is given, else .eml files written to `mailDir`. */
export function createMailTransport(options: { smtpUrl?: string; mailDir: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail({ from: MAIL_FROM, ...mail });
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      // base64 text keeps long links whole, so the mailbox and tests can read them back.
      const info = await files.sendMail({ from: MAIL_FROM, textEncoding: 'base64', ...mail });
      await mkdir(options.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await writeFile(path.join(options.mailDir, name), info.message as Buffer);
    },
  };
}

export interface MailboxEntry {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

/** Reads one .eml written by the file transport: its headers and its (single, text) body. */
export function parseEml(file: string, source: string): MailboxEntry {
  const [head = '', ...rest] = source.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  const rawBody = rest.join('\n\n');
  const isBase64 = (headers.get('content-transfer-encoding') ?? '').toLowerCase() === 'base64';
  const text = isBase64 ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64').toString('utf8') : rawBody;
  return {
    file,
    to: headers.get('to') ?? '',
    subject: headers.get('subject') ?? '',
    date: headers.get('date') ?? '',
    text,
  };
}

/** The dev mailbox: every .eml in the folder, newest first. */
export async function listMailbox(mailDir: string): Promise<MailboxEntry[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const emls = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  return Promise.all(emls.map(async (name) => parseEml(name, await readFile(path.join(mailDir, name), 'utf8'))));
}
