/**
 * Verified reviews (docs/decisions/046; spec 9 reviews), as shoppers and operators meet them, at 375
 * and 1280 px: a shopper buys a voucher, the merchant redeems it, and only then does My Vouchers offer
 * the review form on that voucher; the shopper rates it with the keyboard (stars are radio buttons)
 * and sends it; an operator publishes it on /operator/reviews; it shows on the deal page labelled a
 * verified purchase, and the rating says how many verified customers it is from.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { verifiedReviewDeal } from './deal-fixtures';
import { becomeOwner, signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

/** The customer's one voucher of the reviewed deal, as /myaccount/vouchers prints its codes. */
async function buyVoucher(page: Page, label: string): Promise<{ code: string; securityCode: string }> {
  await addOptionToBasket(page, { dealId: verifiedReviewDeal.id, productId: verifiedReviewDeal.productId });
  const order = await payBasketByCard(page, label);
  await page.goto(`/myaccount/vouchers?order=${order}`);
  const codes = page.locator('.voucher__code');
  return {
    code: (await codes.nth(0).textContent())?.trim() ?? '',
    securityCode: (await codes.nth(1).textContent())?.trim() ?? '',
  };
}

/** The merchant's owner redeems the voucher at the till. */
async function merchantRedeems(browser: Browser, voucher: { code: string; securityCode: string }): Promise<void> {
  const owner = await signedInPage(browser, 'review-owner', 'Olu');
  await becomeOwner(owner.page, owner.email, verifiedReviewDeal.merchantId);
  await owner.page.goto(`/merchant/${verifiedReviewDeal.merchantId}/redeem`);
  await owner.page.getByLabel(/^Voucher code/).fill(voucher.code);
  await owner.page.getByLabel(/^Security code/).fill(voucher.securityCode);
  await owner.page.getByRole('button', { name: 'Redeem voucher' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Redeemed' })).toBeVisible();
  await owner.page.context().close();
}

for (const width of [375, 1280]) {
  test(`at ${width} px: a redeemed voucher is reviewed from My Vouchers, published by an operator, and shows on the deal as verified`, async ({
    browser,
  }, testInfo) => {
    const customer = await signedInPage(browser, `reviewer-${width}`, 'Rosa');
    const { page } = customer;
    await page.setViewportSize({ width, height: 900 });
    const voucher = await buyVoucher(page, `review-${width}`);
    const card = page.locator('article.voucher', { hasText: voucher.code });

    // Not redeemed yet: no review form on the voucher (decision 046).
    await expect(card.getByRole('heading', { name: 'Review this deal' })).toHaveCount(0);

    await merchantRedeems(browser, voucher);
    // The deal page's personal part (a server island) now offers this shopper the form too.
    await page.goto(`/deal/${verifiedReviewDeal.id}`);
    await expect(page.getByRole('heading', { name: 'Review this deal', level: 2 })).toBeVisible();
    await page.getByRole('heading', { name: 'Review this deal', level: 2 }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`deal-review-prompt-${width}.png`), fullPage: false });
    await page.goto('/myaccount/vouchers');
    const review = card.locator('section.voucher-review');
    await expect(review.getByRole('heading', { name: 'Review this deal' })).toBeVisible();

    // Sending it empty says what is missing, beside each field.
    await review.getByRole('button', { name: 'Send review' }).click();
    await expect(review.getByRole('alert')).toBeVisible();
    await expect(review).toContainText('Choose a star rating from 1 to 5.');

    // The keyboard: stars are radio buttons in one group, arrows move between them.
    await review.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('Space');
    await expect(review.getByRole('radio', { name: '5 stars' })).toBeChecked();
    const title = `Verified at ${width} px ${Date.now()}`;
    await review.getByLabel('Title').fill(title);
    await review
      .getByLabel('Your review')
      .fill('We used the voucher last week: friendly staff and exactly as described.');
    await expect(review.getByRole('radio', { name: '5 stars' })).toBeChecked();
    const axe = await new AxeBuilder({ page }).include('section.voucher-review').analyze();
    expect(axe.violations).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`review-form-${width}.png`), fullPage: false });
    await review.getByRole('button', { name: 'Send review' }).click();
    const sent = page.locator('article.voucher', { hasText: voucher.code }).locator('section.voucher-review');
    await expect(sent.getByRole('status')).toContainText('your review is waiting for a quick check');
    await expect(sent).toContainText('It will appear on the deal once our team has checked it.');
    await expect(sent.locator('form')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // An operator publishes it.
    const operator = await browser.newPage({ viewport: { width, height: 900 } });
    await operator.goto('/operator/reviews');
    await operator.getByLabel('Operator token').fill('e2e-operator-token');
    await operator.getByRole('button', { name: 'Load' }).click();
    await expect(operator.getByRole('status')).toHaveText('Loaded.');
    const pending = operator.getByRole('listitem').filter({ has: operator.getByRole('heading', { name: title }) });
    await expect(pending).toContainText('5 out of 5');
    await expect(pending).toContainText('Rosa T.');
    await operator.screenshot({ path: testInfo.outputPath(`operator-reviews-${width}.png`), fullPage: false });
    await pending.getByRole('button', { name: 'Publish' }).click();
    await expect(operator.getByRole('status')).toContainText('Published');
    await expect(operator.getByRole('heading', { name: title })).toHaveCount(0);
    await operator.close();

    // The shopper's voucher says so; the deal page shows it, labelled a verified purchase.
    await page.goto('/myaccount/vouchers');
    await expect(card.locator('section.voucher-review')).toContainText('Your review is published on the deal page.');
    await page.goto(`/deal/${verifiedReviewDeal.id}?reviews=10#reviews`);
    const reviews = page.locator('#reviews');
    await expect(reviews).toContainText(/from \d+ verified customers/);
    const mine = reviews.getByRole('listitem').filter({ hasText: title });
    await expect(mine).toContainText('Verified purchase, voucher redeemed');
    await expect(mine).toContainText('Rosa T.');
    await page.screenshot({ path: testInfo.outputPath(`deal-reviews-${width}.png`), fullPage: false });
    await page.context().close();
  });
}
