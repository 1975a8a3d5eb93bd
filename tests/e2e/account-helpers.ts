/**
 * Accounts in end-to-end tests. A registration answers "check your email" (202) and its password works once
 * the emailed confirmation link is used (decision 017), so a test that needs an account registers and follows
 * that link from the dev mailbox (the e2e server writes .eml files).
 */
import { type APIRequestContext, expect } from '@playwright/test';

export const CONFIRM_SUBJECT = 'Confirm your email to finish creating your Tuppence account';

const fromHtml = (html: string) =>
  html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<');

/** The token in the newest mail with this subject to this address, read from /dev/mailbox. */
export async function mailedToken(request: APIRequestContext, email: string, subject: string): Promise<string> {
  const list = await (await request.get('/dev/mailbox')).text();
  const items = list.split('<li').slice(1);
  const item = items.find((html) => fromHtml(html).includes(`>${subject}</a>`) && fromHtml(html).includes(email));
  const href = fromHtml(item?.match(/href="([^"]+)"/)?.[1] ?? '');
  expect(href, `a mail "${subject}" to ${email}`).not.toBe('');
  const mail = await (await request.get(href)).text();
  const token = mail.match(/token=([\w-]+)/)?.[1];
  expect(token, `a link in the mail to ${email}`).toBeTruthy();
  return token ?? '';
}

/**
 * Registers through the API, then confirms the email with the mailed link: the request context is
 * then signed in (and its browser a known device), as a shopper is after following the link.
 */
export async function registerConfirmed(
  request: APIRequestContext,
  account: { firstName: string; lastName?: string; email: string; password: string },
): Promise<void> {
  const registered = await request.post('/api/v1/register', { data: { lastName: '', ...account } });
  expect(registered.status()).toBe(202);
  const token = await mailedToken(request, account.email, CONFIRM_SUBJECT);
  // A browser's form post sends its Origin; Astro's origin check refuses form posts without one.
  const origin = new URL(registered.url()).origin;
  const confirmed = await request.post('/consume-token?_action=consumeSignInToken', {
    form: { token },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(confirmed.status()).toBe(303);
}
