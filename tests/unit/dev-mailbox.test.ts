/**
 * The dev mailbox reads one mail by the file name in its query string (decisions 009 and 042): only a
 * name the file transport writes is read, so no name can reach outside the mail folder.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, readMailboxEntry } from '../../src/server/mail';

let folder: string;
let mailDir: string;
let file: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'dev-mailbox-'));
  mailDir = path.join(folder, 'mail');
  // A file just outside the mail folder that a crafted name would try to reach.
  await writeFile(path.join(folder, 'secret.eml'), 'Subject: not mail\r\n\r\nsecret');
  await createMailTransport({ mailDir }).send({
    to: 'sam@example.co.uk',
    subject: 'Your voucher',
    text: 'Your voucher is attached.',
    html: '<html lang="en-GB"><body><p>Your voucher is attached.</p></body></html>',
    headers: { 'List-Unsubscribe': '<https://example.co.uk/unsubscribe>' },
    attachments: [{ filename: 'voucher.pdf', contentType: 'application/pdf', content: '%PDF-1.4 sample' }],
    messageId: '<outbox-1.0@tuppence.co.uk>',
  });
  [file = ''] = await readdir(mailDir);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the dev mailbox reads one mail by name (decision 042)', () => {
  it('reads a mail the transport wrote: headers, both parts and its attachment', async () => {
    const mail = await readMailboxEntry(mailDir, file);
    expect(mail?.subject).toBe('Your voucher');
    expect(mail?.messageId).toBe('<outbox-1.0@tuppence.co.uk>');
    expect(mail?.headers['list-unsubscribe']).toBe('<https://example.co.uk/unsubscribe>');
    expect(mail?.text).toContain('Your voucher is attached.');
    expect(mail?.html).toContain('lang="en-GB"');
    expect(mail?.attachments.map(({ filename, contentType, size }) => ({ filename, contentType, size }))).toEqual([
      { filename: 'voucher.pdf', contentType: 'application/pdf', size: 15 },
    ]);
  });

  it.each([
    '../secret.eml',
    '..%2Fsecret.eml',
    '..\\secret.eml',
    `${'../'.repeat(3)}etc/passwd`,
    '/etc/passwd',
    'secret.eml/',
    '.eml',
    'mail.eml\0.txt',
    'mail.txt',
    '',
  ])('refuses %j', async (name) => {
    expect(await readMailboxEntry(mailDir, name)).toBeNull();
  });

  it('answers null for a well-formed name with no such file', async () => {
    expect(await readMailboxEntry(mailDir, '2026-07-01T10-00-00-000Z-nosuch.eml')).toBeNull();
  });
});
