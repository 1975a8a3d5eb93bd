/**
 * E2E helpers for the merchant dashboard (decision 024; bookings, decision 029): a signed-in account in a
 * browser of its own, and making it a merchant's owner through the emailed invitation.
 */
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { OPERATOR, uniqueEmail } from './shopping';

export const PASSWORD = 'Sunshine1';

/** The invitation link in the newest invitation mailed to this address, read from /dev/mailbox. */
export async function mailedInvitePath(request: APIRequestContext, email: string): Promise<string> {
  const list = (await (await request.get('/dev/mailbox')).text()).replaceAll('&amp;', '&');
  const item = list
    .split('<li')
    .slice(1)
    .find((html) => html.includes('merchant dashboard') && html.includes(email));
  const href = item?.match(/href="([^"]+)"/)?.[1] ?? '';
  expect(href, `an invitation mailed to ${email}`).not.toBe('');
  const mail = await (await request.get(href)).text();
  const path = mail.match(/\/merchant\/invite\/[\w-]+/)?.[0];
  expect(path, 'a link in the invitation').toBeTruthy();
  return path ?? '';
}

/** A signed-in account in a browser of its own. */
export async function signedInPage(
  browser: Browser,
  label: string,
  firstName: string,
): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await registerConfirmed(page.request, { firstName, lastName: 'Tester', email, password: PASSWORD });
  return { page, email };
}

/** Support invites this account to the merchant as owner, and it accepts from the emailed link. */
export async function becomeOwner(page: Page, email: string, merchantId: number): Promise<void> {
  const invited = await page.request.post(`/api/internal/merchants/${merchantId}/invites`, {
    headers: OPERATOR,
    data: { email, role: 'owner' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  await page.goto(await mailedInvitePath(page.request, email));
  await page.getByRole('button', { name: /^Join / }).click();
  await expect(page).toHaveURL(new RegExp(`/merchant/${merchantId}$`));
}
