/**
 * The HTML part of one dev mailbox mail, byte for byte as sent (decisions 009 and 042), for the
 * mailbox page's sandboxed frame. Its own policy lets it load pictures from the public origin (the
 * logo) and data: URLs (mailparser turns cid: pictures into them) and use the styles the mail
 * carries inline, and nothing else: no script, font, frame, form or base URL. Only where the
 * mailbox page itself is on.
 */
import type { APIRoute } from 'astro';
import { readMailboxEntry } from '@/server/mail';
import { isDevMailboxOn, mailDir, publicOrigin } from '@/server/runtime';

/**
 * The same sandbox as the page's frame (src/components/dev/MailboxMail.astro), so the part opened on
 * its own runs no script either; its links may still open in a new tab.
 */
const MAIL_HTML_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export const GET: APIRoute = async ({ url, rewrite }) => {
  if (!isDevMailboxOn()) return rewrite('/404');
  const mail = await readMailboxEntry(mailDir(), url.searchParams.get('file') ?? '');
  if (mail === null || mail.html === '') return rewrite('/404');
  return new Response(mail.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': [
        "default-src 'none'",
        `img-src ${publicOrigin()} data:`,
        "style-src 'unsafe-inline'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'self'",
        `sandbox ${MAIL_HTML_SANDBOX}`,
      ].join('; '),
      'Cache-Control': 'no-store',
    },
  });
};
