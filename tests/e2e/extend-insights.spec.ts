/**
 * The extension landing and the shopper's insights (spec 2 page types extendLanding and insights;
 * docs/decisions/052), as a shopper meets them: a guest at /extend reads what an extension is in a
 * shared page and is offered a sign-in that comes back; a shopper with a voucher finds /extend from
 * the account home, sees that voucher with its new expiry and price and goes on to the purchase at
 * /order-addon; My Vouchers links to /extend beside "Extend voucher"; /insights shows their savings,
 * vouchers and points, and sends a guest to sign in first. Checked at 375 and 1280 px, with axe.
 */
import { mkdir } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { eVoucherDeal } from './deal-fixtures';
import { addOptionToBasket, payBasketByCard, uniqueEmail } from './shopping';

const SHOTS = '/tmp/shots';

/** axe finds nothing in the page's main content, and nothing is wider than the screen at either width. */
async function checkPage(page: Page, name: string): Promise<void> {
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await mkdir(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
}

test('spec 2: a guest reads what a voucher extension is on a shared page and is offered a sign-in back to /extend', async ({
  page,
}) => {
  const response = await page.goto('/extend');
  expect(response?.status()).toBe(200);
  // The explanation is one page for everyone; the personal part comes from a server island.
  expect(response?.headers()['cache-control']).toContain('public');
  await expect(page.getByRole('heading', { name: 'Extend your voucher', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What it costs' })).toBeVisible();
  await expect(page.getByRole('table', { name: /What an extension costs/ })).toBeVisible();
  const yours = page.getByTestId('extension-offers');
  await expect(yours.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fextend');
  await checkPage(page, 'extend-guest');

  // Every extend… path is the same landing; /insights is a shopper's own, so a guest signs in first.
  await page.goto('/extend-voucher');
  await expect(page).toHaveURL(/\/extend$/);
  await page.goto('/insights');
  await expect(page).toHaveURL(/\/login\?redirect=%2Finsights$/);
});

test('spec 2: a shopper finds /extend and /insights from the account home, sees their voucher’s extension and their savings', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('extend'), password: 'Sunshine1' });
  await addOptionToBasket(page, { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId });
  await payBasketByCard(page, 'extend-landing');

  await page.goto('/myaccount');
  await page
    .getByTestId('account-areas')
    .getByRole('link', { name: /Extend a voucher/ })
    .click();
  await expect(page).toHaveURL(/\/extend$/);
  const islandAnswer = page.waitForResponse((answer) => answer.url().includes('/_server-islands/'));
  await page.reload();
  // The personal part is never kept by a shared cache.
  expect((await islandAnswer).headers()['cache-control']).toBe('private, no-store');
  const yours = page.getByTestId('extension-offers');
  const offer = yours.getByRole('listitem').filter({ hasText: eVoucherDeal.headline });
  await expect(offer).toHaveCount(1);
  await expect(offer.getByRole('row', { name: /^1 month/ })).toContainText('£');
  await expect(offer.getByText(/expires on/)).toBeVisible();
  await checkPage(page, 'extend-shopper');

  // The button goes into the extension purchase for that voucher.
  await offer.getByRole('link', { name: 'Extend this voucher' }).click();
  await expect(page).toHaveURL(/\/order-addon\?voucherId=\d+&addonType=VVE$/);
  await expect(page.getByRole('heading', { name: 'Extend your voucher', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^1 month for/ })).toBeVisible();

  // My Vouchers explains extensions where it offers one.
  await page.goto('/myaccount/vouchers');
  await expect(page.getByRole('link', { name: 'Extend voucher' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How extensions work' })).toHaveAttribute('href', '/extend');

  // Insights: the shopper's own savings, vouchers and points.
  await page.goto('/myaccount');
  await page
    .getByTestId('account-areas')
    .getByRole('link', { name: /Your insights/ })
    .click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { name: 'Your Tuppence insights', level: 1 })).toBeVisible();
  await expect(page.getByTestId('insights-saved')).toContainText('£');
  await expect(page.locator('[data-group="unused"] dd')).toHaveText('1');
  await expect(page.getByTestId('insights-points')).toContainText('points');
  await checkPage(page, 'insights');
});
