/**
 * Email through an outbox (ARCHITECTURE "Money and state"; decisions 009 and 042): a change writes its
 * message in the same transaction, as a template's name and its data, and `deliverPendingMail` renders
 * it after commit (an HTML part and a plain-text part from the same React template, plus any
 * attachments) and sends it with nodemailer, over SMTP when configured, else as .eml files in a local
 * folder (the dev mailbox reads them).
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { type Brand, DEFAULT_BRAND, isBrand } from '@/domain/brands';
import { type MailSettings, readServerConfig } from '@/server/config';
import type { Db, DbOrTx } from '@/server/db';
import { describeError, logError } from '@/server/log';
import type { MailKind } from './kinds';
import { type OutboxRow, outbox } from './schema';
import {
  type MailAttachment,
  type MailContext,
  renderTemplate,
  type TemplateData,
  type TemplateName,
} from './templates';

export type { MailSettings } from '@/server/config';
export { MAIL_KINDS, MARKETING_KINDS, type MailKind } from './kinds';
export type { MailAttachment, MailContext, TemplateData, TemplateName } from './templates';

/** A message to queue: which template draws it, and with what. */
export type OutgoingMail = {
  [Name in TemplateName]: {
    userId: number | null;
    kind: MailKind;
    recipient: string;
    subject: string;
    template: Name;
    data: TemplateData[Name];
    /** The brand it comes from (its logo, colours and name); the default brand when unset. */
    brand?: Brand;
    /** Extra headers (List-Unsubscribe on marketing mail); kept in the row's payload as `header:<name>`. */
    headers?: Record<string, string>;
    /** Marketing mail only: the footer's unsubscribe and preferences links. */
    marketing?: { unsubscribeUrl: string; preferencesUrl: string };
  };
}[TemplateName];

/** A rendered message, ready for the transport. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
  /** Stable for the row, so a retried send is recognisably the same message. */
  messageId: string;
}

export interface MailTransport {
  settings: MailSettings;
  send(mail: MailMessage): Promise<void>;
}

const HEADER_PREFIX = 'header:';
const BRAND_KEY = 'brand';
const UNSUBSCRIBE_KEY = 'marketing:unsubscribe';
const PREFERENCES_KEY = 'marketing:preferences';

/**
 * Account deletion (spec 7 anonymize): the mail a person was sent keeps its row (what kind, and
 * when) but no longer their address or what it said. Runs in the deletion's transaction.
 */
export async function forgetRecipient(tx: DbOrTx, userId: number, placeholder: string): Promise<void> {
  await tx
    .update(outbox)
    .set({ recipient: placeholder, template: 'notice', data: { paragraphs: [] } })
    .where(eq(outbox.userId, userId));
}

/** The headers a queued row carries (its payload's `header:` entries). */
export function headersOf(payload: Record<string, string> | null | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload ?? {})) {
    if (key.startsWith(HEADER_PREFIX)) headers[key.slice(HEADER_PREFIX.length)] = value;
  }
  return headers;
}

const MAX_ATTEMPTS = 5;

/** Queues a message; call inside the transaction that makes the change it reports. */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [id] = await enqueueMails(tx, [mail]);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/** Queues several messages in one statement (docs/decisions/075); their ids, in order. */
export async function enqueueMails(tx: DbOrTx, mails: readonly OutgoingMail[]): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => {
        const { headers, brand, marketing, ...fields } = mail;
        const payload: Record<string, string> = Object.fromEntries(
          Object.entries(headers ?? {}).map(([name, value]) => [`${HEADER_PREFIX}${name}`, value]),
        );
        if (brand !== undefined) payload[BRAND_KEY] = brand;
        if (marketing !== undefined) {
          payload[UNSUBSCRIBE_KEY] = marketing.unsubscribeUrl;
          payload[PREFERENCES_KEY] = marketing.preferencesUrl;
        }
        return { ...fields, data: fields.data as unknown as Record<string, unknown>, payload };
      }),
    )
    .returning({ id: outbox.id });
  if (rows.length !== mails.length) throw new Error('outbox insert returned too few rows');
  return rows.map((row) => row.id);
}

/** What a row is drawn with: the sender's origin and details, its subject, its brand, its marketing links. */
export function contextOf(row: Pick<OutboxRow, 'payload' | 'subject'>, settings: MailSettings): MailContext {
  const payload = row.payload ?? {};
  const brand = payload[BRAND_KEY];
  const unsubscribeUrl = payload[UNSUBSCRIBE_KEY];
  const preferencesUrl = payload[PREFERENCES_KEY];
  return {
    origin: settings.publicOrigin,
    subject: row.subject,
    brand: isBrand(brand) ? brand : DEFAULT_BRAND,
    trading: settings.trading,
    marketing: unsubscribeUrl && preferencesUrl ? { unsubscribeUrl, preferencesUrl } : null,
  };
}

/** The domain of an address like "Tuppence <hello@tuppence.co.uk>". */
function domainOf(address: string): string {
  return /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? 'localhost';
}

/** Renders a queued row as it is sent: subject, HTML and text parts, attachments, headers. */
export async function renderOutboxRow(row: OutboxRow, settings: MailSettings): Promise<MailMessage> {
  const name = row.template as TemplateName;
  const body = await renderTemplate(name, row.data as unknown as TemplateData[typeof name], contextOf(row, settings));
  return {
    to: row.recipient,
    subject: row.subject,
    text: body.text,
    html: body.html,
    headers: headersOf(row.payload),
    attachments: body.attachments,
    messageId: `<outbox-${row.id}.${row.createdAt.getTime()}@${domainOf(settings.from)}>`,
  };
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
      await transport.send(await renderOutboxRow(mail, transport.settings));
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

/** The nodemailer message for a rendered mail: both parts, attachments, From, Reply-To and Message-ID. */
function nodemailerMessage(settings: MailSettings, mail: MailMessage) {
  return {
    from: settings.from,
    replyTo: settings.replyTo,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    messageId: mail.messageId,
    date: new Date(),
    attachments: mail.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: typeof attachment.content === 'string' ? attachment.content : Buffer.from(attachment.content),
    })),
  };
}

/**
 * SMTP when a URL is given, else .eml files written to `mailDir`. Settings not given (tests) are the
 * configuration's defaults.
 */
export function createMailTransport(options: Partial<MailSettings> & { mailDir: string }): MailTransport {
  const settings: MailSettings = { ...readServerConfig({}).mail, ...options };
  if (settings.smtpUrl) {
    const smtp = nodemailer.createTransport(settings.smtpUrl);
    return {
      settings,
      async send(mail) {
        await smtp.sendMail(nodemailerMessage(settings, mail));
      },
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    settings,
    async send(mail) {
      // base64 text keeps long links whole, so the mailbox and tests can read them back.
      const info = await files.sendMail({ ...nodemailerMessage(settings, mail), textEncoding: 'base64' });
      await mkdir(settings.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      await writeFile(path.join(settings.mailDir, name), info.message as Buffer);
    },
  };
}

export interface MailboxEntry {
  file: string;
  to: string;
  from: string;
  replyTo: string;
  subject: string;
  date: string;
  messageId: string;
  text: string;
  /** The HTML part as sent (empty when the message had none). */
  html: string;
  /** The MIME type of the message (multipart/mixed with attachments, else multipart/alternative). */
  contentType: string;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; contentType: string; size: number; content: Buffer }>;
}

/** Reads one .eml written by the file transport: its headers, both parts and its attachments. */
export async function parseEml(file: string, source: Buffer | string): Promise<MailboxEntry> {
  const parsed = await simpleParser(source);
  const headers: Record<string, string> = {};
  for (const line of parsed.headerLines) {
    const at = line.line.indexOf(':');
    if (at > 0)
      headers[line.key] = line.line
        .slice(at + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();
  }
  const addressText = (value: typeof parsed.to): string =>
    value === undefined ? '' : Array.isArray(value) ? value.map((entry) => entry.text).join(', ') : value.text;
  return {
    file,
    to: addressText(parsed.to),
    from: addressText(parsed.from),
    replyTo: addressText(parsed.replyTo),
    subject: parsed.subject ?? '',
    date: parsed.date?.toISOString() ?? '',
    messageId: parsed.messageId ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    contentType: (headers['content-type'] ?? '').split(';')[0]?.trim() ?? '',
    headers,
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename ?? '',
      contentType: attachment.contentType,
      size: attachment.size,
      content: attachment.content,
    })),
  };
}

/** The dev mailbox: every .eml in the folder, newest first. */
export async function listMailbox(mailDir: string): Promise<MailboxEntry[]> {
  const names = await readdir(mailDir).catch(() => [] as string[]);
  const emls = names
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse();
  return Promise.all(emls.map(async (name) => parseEml(name, await readFile(path.join(mailDir, name)))));
}

/**
 * A name the file transport writes (`2026-07-01T10-00-00-000Z-k3x9qa.eml`): letters, digits, `_` and
 * `-`, then `.eml`. No dot, slash or backslash, so a name from a query string can never leave the folder.
 */
const MAILBOX_FILE = /^[\w-]{1,100}\.eml$/;

/** One mail of the dev mailbox by its file name; null for a name the transport would not write, or no such file. */
export async function readMailboxEntry(mailDir: string, file: string): Promise<MailboxEntry | null> {
  if (!MAILBOX_FILE.test(file)) return null;
  const source = await readFile(path.join(mailDir, file)).catch(() => null);
  return source === null ? null : parseEml(file, source);
}
