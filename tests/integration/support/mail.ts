/**
 * Reading the outbox as a reader would (decision 042): a queued row holds a template's name and its
 * data; these render it exactly as delivery does, with the configuration's default mail settings.
 */
import { readServerConfig } from '../../../src/server/config';
import { type MailMessage, type MailSettings, renderOutboxRow } from '../../../src/server/mail';
import type { OutboxRow } from '../../../src/server/mail/schema';

/** The default settings (demo trading details, the local origin) with a throwaway mail folder. */
export const TEST_MAIL_SETTINGS: MailSettings = readServerConfig({ MAIL_DIR: '.data/test-mail' }).mail;

/** The message a queued row becomes when it is sent: subject, HTML and text parts, attachments. */
export function renderedMail(row: OutboxRow): Promise<MailMessage> {
  return renderOutboxRow(row, TEST_MAIL_SETTINGS);
}

/** The plain-text part of a queued row, as sent. */
export async function mailText(row: OutboxRow): Promise<string> {
  return (await renderedMail(row)).text;
}
