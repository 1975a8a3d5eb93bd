/**
 * The voucher lifecycle (decision 026) as a shopper meets it: every spec 3 status explained on
 * /myaccount/vouchers; a voucher extended by 2 months on /order-addon (paid once, by card); refunded to
 * the card once from the voucher page, a second refund refused in words; a voucher sent to a friend as
 * a gift from the voucher page and claimed by them (spec 4 gifting key); a guest's order confirmation
 * without account menus.
 */

import { expect, type Page, test } from '@playwright/test';
import { VOUCHER_STATUS_COPY, VOUCHER_STATUSES } from '../../src/domain/vouchers';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { eVoucherDeal } from './deal-fixtures';
import { addOptionToBasket, checkoutReady, payBasketByCard } from './shopping';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
}

/** Buys one voucher of the e-voucher deal at checkout (the page's shopper, signed in or with an email). */
async function buyVoucher(page: Page, guestEmail?: string): Promise<void> {
  await page.goto(`/deal/${eVoucherDeal.id}`);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Buy now' }).first().click();
  await expect(page).toHaveURL(/\/checkout/);
  // Typed before the checkout island hydrates, a field would be reset by it.
  await checkoutReady(page);
  if (guestEmail) await page.getByLabel('Email address').fill(guestEmail);
  await fillCard(page, '4111 1111 1111 1111');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  // The payment goes to the gateway and back: allow for a busy machine.
  await expect(page).toHaveURL(/\/myaccount\/vouchers\?order=\d+/, { timeout: 20_000 });
}

async function noAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

test('a shopper extends a voucher by 2 months, then refunds it to the card once', async ({ page }) => {
  // A whole story: buy, read, extend (a second payment), refund; three axe checks.
  test.setTimeout(90_000);
  await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('lifecycle'), password: 'Sunshine1' });
  await buyVoucher(page);

  await page.goto('/myaccount/vouchers');
  // Every status a voucher can show, with its spec 3 description.
  await page.getByText('What the voucher statuses mean').click();
  const guide = page.locator('.status-guide');
  for (const status of VOUCHER_STATUSES) {
    await expect(guide.getByText(VOUCHER_STATUS_COPY[status].label, { exact: true })).toBeVisible();
  }
  await expect(guide).toContainText('Print and use it.');
  await expect(guide).toContainText('Travel documents expected from the merchant within 3 working days.');
  await expect(guide).toContainText('Redeemed for credit or towards another deal.');
  await noAxeViolations(page);
  const expiry = (await page.locator('.voucher time').first().textContent())?.trim() ?? '';

  // Extend (VVE): 2 months, paid with a new card on /order-addon.
  await page.getByRole('link', { name: 'Extend voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Extend your voucher' })).toBeVisible();
  await page.getByRole('radio', { name: /^2 months for/ }).check();
  await expect(page.getByRole('radio', { name: /A new card/ })).toBeChecked();
  await noAxeViolations(page);
  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { name: 'Your voucher is extended' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status')).toContainText('now expires on');

  await page.getByRole('link', { name: 'Back to My Vouchers' }).click();
  await expect(page.getByText('Extended by 2 months.')).toBeVisible();
  const extended = (await page.locator('.voucher time').first().textContent())?.trim() ?? '';
  expect(extended).not.toBe(expiry);

  // Refund to the card, within 14 days of purchase.
  await page.getByText('Refund or exchange for credit').click();
  await page.getByRole('button', { name: 'Refund to my card' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your refund is on its way to your card' })).toBeVisible();
  await expect(page.locator('.voucher__status').first()).toContainText('Refunded');
  await expect(page.getByRole('button', { name: 'Refund to my card' })).toHaveCount(0);

  // A second refund is refused with a clear message.
  const voucherId = Number(
    (
      (await page
        .getByRole('link', { name: /Print voucher/ })
        .first()
        .getAttribute('href')) ?? ''
    ).match(/voucher\/(\d+)/)?.[1],
  );
  const again = await page.request.post('/api/v1/voucher/pmv/refund', { data: { voucherId, refundTo: 'card' } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('This voucher has already been refunded.');
});

test("a guest's order confirmation has no account menu asking them to sign in", async ({ page }) => {
  test.setTimeout(60_000);
  await buyVoucher(page, uniqueEmail('guest-confirmation'));
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'My account' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: /Sign in/ })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Guest order');
  // A guest cannot use the voucher actions of an account.
  await expect(page.getByRole('button', { name: 'Refund to my card' })).toHaveCount(0);
});

test('spec 4 gifting: a shopper sends a voucher to a friend from the voucher page; the friend claims it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const friendEmail = uniqueEmail('gift-friend');
  await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('gift-sender'), password: 'Sunshine1' });
  await addOptionToBasket(page, { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId });
  await payBasketByCard(page, 'gift');

  await page.goto('/myaccount/vouchers');
  await page.getByText('Send as a gift').click();
  await page.getByLabel('Their name').fill('Sam');
  await page.getByLabel('Their email').fill(friendEmail);
  await page.getByLabel(/A message/).fill('Enjoy it, Sam!');
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Send the gift' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sent:' })).toHaveText(
    'Sent: we have emailed Sam a gift code to claim this voucher.',
  );
  await expect(page.getByText(/Sent as a gift to Sam on/)).toBeVisible();
  // While it waits for Sam, nothing else is offered for it.
  await expect(page.getByRole('button', { name: 'Refund to my card' })).toHaveCount(0);
  await expect(page.getByText('Send as a gift')).toHaveCount(0);

  // Sam's email carries the code; Sam claims it at /mygift and the voucher is Sam's.
  const list = (await (await page.request.get('/dev/mailbox')).text()).replaceAll('&amp;', '&');
  const item = list
    .split('<li')
    .slice(1)
    .find((html) => html.includes('sent you a gift from Tuppence') && html.includes(friendEmail));
  const href = item?.match(/href="([^"]+)"/)?.[1] ?? '';
  expect(href, `a gift email to ${friendEmail}`).not.toBe('');
  const mail = await (await page.request.get(href)).text();
  expect(mail).toContain('Enjoy it, Sam!');
  const code = mail.match(/GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)?.[0] ?? '';

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await registerConfirmed(friend.request, { firstName: 'Sam', email: friendEmail, password: 'Sunshine1' });
  await friend.goto(`/mygift?code=${code}`);
  await friend.getByRole('button', { name: 'Claim gift' }).click();
  await expect(friend.getByRole('heading', { name: 'Your gift is in your account' })).toBeVisible();
  await friend.goto('/myaccount/vouchers');
  await expect(friend.getByText(eVoucherDeal.headline).first()).toBeVisible();
  await friendContext.close();

  await page.goto('/myaccount/vouchers');
  await expect(page.getByText(eVoucherDeal.headline)).toHaveCount(0);
});
