/**
 * My Vouchers a page at a time (docs/decisions/050; spec 9 page sizes "10 voucher"; spec 2 listing
 * rule: page 1 is the clean URL, later pages ?page=n), at 375 and 1280 px: 12 vouchers fill pages
 * of 10 and 2 newest first, the page links work from the keyboard, a refund on page 2 answers on
 * page 2 with its notice, the status filter (a GET form) shows only Refunded, an empty filter says
 * so, and a bad ?status= or ?page= is never a server error.
 */

import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { eVoucherDeal } from './deal-fixtures';
import { addOptionToBasket, payBasketByCard, uniqueEmail } from './shopping';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('spec 9 voucher feed size: My Vouchers moves to page 2 and filters by status', async ({ page }, testInfo) => {
      // Two purchases (12 vouchers), a refund and a handful of pages.
      test.setTimeout(120_000);
      await registerConfirmed(page.request, { firstName: 'Ada', email: uniqueEmail('paging'), password: 'Sunshine1' });
      const option = { dealId: eVoucherDeal.id, productId: eVoucherDeal.productId };
      await addOptionToBasket(page, option, 6);
      await payBasketByCard(page, `paging-older-${width}`);
      await addOptionToBasket(page, option, 6);
      const newerOrder = await payBasketByCard(page, `paging-newer-${width}`);

      await page.goto('/myaccount/vouchers');
      const cards = page.locator('ul.vouchers > li');
      await expect(cards).toHaveCount(10);
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('12 vouchers, newest first.');
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('Page 1 of 2');
      const pages = page.getByRole('navigation', { name: 'Voucher pages' });
      await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
      const firstPageCodes = await page.locator('.voucher dd').allTextContents();
      await page.screenshot({ path: testInfo.outputPath(`my-vouchers-page-1-${width}.png`), fullPage: true });

      // The keyboard reaches "Next page" and follows it.
      const next = pages.getByRole('link', { name: 'Next page' });
      await next.focus();
      await expect(next).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/myaccount\/vouchers\?page=2$/);
      await expect(cards).toHaveCount(2);
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('Page 2 of 2');
      // spec 2: page 2's "previous" is the clean URL.
      await expect(pages.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', '/myaccount/vouchers');
      // Newest first: page 2 holds the older order's last two, none of page 1's.
      for (const code of await page.locator('.voucher dd').allTextContents()) {
        if (/^TP-/.test(code.trim())) expect(firstPageCodes).not.toContain(code);
      }
      const axe = await new AxeBuilder({ page }).include('main').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      // A refund on page 2 answers on page 2, with its notice on the voucher refunded.
      const refunded = cards.first();
      await refunded.getByText('Refund or exchange for credit').click();
      await refunded.getByRole('button', { name: 'Refund to my card' }).click();
      await expect(
        page
          .locator('ul.vouchers > li')
          .getByRole('status')
          .filter({ hasText: 'Your refund is on its way to your card' }),
      ).toBeVisible();
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('Page 2 of 2');
      await expect(page.locator('ul.vouchers > li').first().locator('.voucher__status')).toContainText('Refunded');

      // The status filter: a GET form, no script needed.
      await page.goto('/myaccount/vouchers');
      const filter = page.getByRole('form', { name: 'Filter vouchers' });
      await filter.getByLabel('Show').selectOption({ label: 'Refunded (1)' });
      await filter.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page).toHaveURL(/\/myaccount\/vouchers\?status=refunded$/);
      await expect(cards).toHaveCount(1);
      await expect(cards.first().locator('.voucher__status')).toContainText('Refunded');
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('1 Refunded voucher, newest first.');
      await expect(page.getByRole('navigation', { name: 'Voucher pages' })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`my-vouchers-refunded-${width}.png`), fullPage: true });

      await page.getByRole('form', { name: 'Filter vouchers' }).getByLabel('Show').selectOption('ready');
      await page.getByRole('button', { name: 'Apply filter' }).click();
      await expect(page.getByTestId('voucher-feed-summary')).toContainText('11 Ready to Redeem vouchers');
      await expect(cards).toHaveCount(10);

      // An empty filter says so and leads back to all.
      await page.goto('/myaccount/vouchers?status=expired');
      await expect(page.getByText('You have no Expired vouchers right now.')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`my-vouchers-empty-${width}.png`), fullPage: true });
      await page.getByRole('link', { name: 'Show all vouchers' }).click();
      await expect(cards).toHaveCount(10);

      // Bad input is never a server error: an unknown status reads as All, a bad page as page 1,
      // a page past the end as the last page.
      const unknown = await page.goto('/myaccount/vouchers?status=lost');
      expect(unknown?.status()).toBe(200);
      await expect(page.getByText('There is no “lost” filter, so these are all your vouchers.')).toBeVisible();
      await expect(cards).toHaveCount(10);
      const words = await page.goto('/myaccount/vouchers?page=two');
      expect(words?.status()).toBe(200);
      await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
      const past = await page.goto('/myaccount/vouchers?status=refunded&page=9');
      expect(past?.status()).toBe(200);
      await expect(page).toHaveURL(/\/myaccount\/vouchers\?status=refunded$/);

      // The order confirmation still shows its order's six vouchers whole, with no paging.
      await page.goto(`/myaccount/vouchers?order=${newerOrder}`);
      await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
      await expect(cards).toHaveCount(6);
      await expect(page.getByRole('navigation', { name: 'Voucher pages' })).toHaveCount(0);
    });
  });
}
