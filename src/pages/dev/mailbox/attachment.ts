/**
 * One attachment of a dev mailbox mail (decisions 009 and 042), as a download: `?file=` names the
 * mail, `?index=` the attachment in the order the mail lists them. Always a download, in a sandbox
 * with no right to load anything, so an HTML or SVG attachment never runs as this site's page. Only
 * where the mailbox page itself is on.
 */
import type { APIRoute } from 'astro';
import { readMailboxEntry } from '@/server/mail';
import { isDevMailboxOn, mailDir } from '@/server/runtime';

/** `attachment` with the name as sent (RFC 6266: an ASCII fallback, then the UTF-8 name). */
function downloadDisposition(filename: string): string {
  const fallback = filename.replace(/[^\w.-]/g, '_') || 'attachment';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const GET: APIRoute = async ({ url, rewrite }) => {
  if (!isDevMailboxOn()) return rewrite('/404');
  const index = url.searchParams.get('index') ?? '';
  const mail = await readMailboxEntry(mailDir(), url.searchParams.get('file') ?? '');
  const attachment = /^\d{1,3}$/.test(index) ? mail?.attachments[Number(index)] : undefined;
  if (attachment === undefined) return rewrite('/404');
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      'Content-Type': attachment.contentType || 'application/octet-stream',
      'Content-Disposition': downloadDisposition(attachment.filename),
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'no-store',
    },
  });
};
