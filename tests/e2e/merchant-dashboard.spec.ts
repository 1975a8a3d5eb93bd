/**
 * The merchant dashboard (spec 6 Merchants; decision 024), as merchants meet it: support invites a
 * merchant's owner; the owner accepts the emailed link, sees the dashboard and redeems a customer's
 * voucher once (a second attempt is refused); another merchant can neither see nor redeem it; a guest
 * cannot open the dashboard; the owner invites a colleague and removes them; the report's CSV counts
 * the redemption.
 */

import { type Browser, expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { buyableDeal, evidencedSavingDeal, otherMerchantId } from './deal-fixtures';
import { becomeOwner, mailedInvitePath, signedInPage } from './merchant-helpers';
import { addOptionToBasket, OPERATOR, payBasketByCard } from './shopping';

/** A customer buys one voucher of the buyable deal; answers its codes as printed on /myaccount/vouchers. */
async function customerBuysVoucher(browser: Browser): Promise<{ code: string; securityCode: string }> {
  const { page } = await signedInPage(browser, 'customer', 'Priya');
  await addOptionToBasket(page, { dealId: buyableDeal.id, productId: buyableDeal.product.id });
  const order = await payBasketByCard(page, 'merchant');
  await page.goto(`/myaccount/vouchers?order=${order}`);
  const codes = page.locator('.voucher__code');
  const code = (await codes.nth(0).textContent())?.trim() ?? '';
  const securityCode = (await codes.nth(1).textContent())?.trim() ?? '';
  await page.context().close();
  return { code, securityCode };
}

test('a guest who opens the merchant dashboard is asked to sign in first', async ({ page }) => {
  await page.goto(`/merchant/${buyableDeal.merchantId}/redeem`);
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmerchant%2F\d+%2Fredeem$/);
});

test('the merchant dashboard link leads to this shop’s dashboard (spec 7 /merchant-dashboard-url)', async ({
  request,
  page,
}) => {
  const answer = await request.get('/api/v1/merchant-dashboard-url?merchantType=local');
  expect(answer.status()).toBe(200);
  const body = await answer.json();
  expect(new URL(body.url).pathname).toBe('/merchant');
  expect((await request.get('/api/v1/merchant-dashboard-url?merchantType=spaceship')).status()).toBe(400);
  await page.goto('/faqs');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Merchant dashboard' })).toHaveAttribute(
    'href',
    '/merchant',
  );
});

test('a merchant redeems a customer’s voucher once; a second attempt is refused; another merchant cannot see or redeem it', async ({
  browser,
}) => {
  const voucher = await customerBuysVoucher(browser);
  expect(voucher.code).toMatch(/^TP-/);

  const owner = await signedInPage(browser, 'owner', 'Olu');
  await becomeOwner(owner.page, owner.email, buyableDeal.merchantId);
  const { page } = owner;
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const row = page.locator(`tr[data-voucher="${voucher.code}"]`);
  await expect(row).toContainText('Priya');
  await expect(row).toContainText('Ready to Redeem');
  await expect(row).not.toContainText('Tester');

  await page.getByRole('link', { name: 'Redeem a voucher' }).click();
  await expect(page.getByRole('heading', { name: 'Redeem a voucher', level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations).toEqual([]);
  // Typed as a person might read it out: lower case, without the dashes.
  await page.getByLabel(/^Voucher code/).fill(voucher.code.toLowerCase().replaceAll('-', ''));
  await page.getByLabel(/^Security code/).fill(voucher.securityCode);
  await page.getByRole('button', { name: 'Redeem voucher' }).click();
  const done = page.getByRole('status').filter({ hasText: 'Redeemed' });
  await expect(done).toContainText('The voucher is now used and cannot be used again.');
  await expect(done).toContainText('Priya');
  await expect(done).toContainText(voucher.code);

  await page.getByLabel(/^Voucher code/).fill(voucher.code);
  await page.getByLabel(/^Security code/).fill(voucher.securityCode);
  await page.getByRole('button', { name: 'Redeem another voucher' }).click();
  await expect(page.getByRole('alert')).toHaveText('This voucher has already been redeemed.');

  await page.getByRole('navigation', { name: 'Merchant dashboard' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.locator(`tr[data-voucher="${voucher.code}"]`)).toContainText('Redeemed');
  const attempts = page.getByRole('region', { name: 'Latest redemption attempts' });
  await expect(attempts.getByRole('row').nth(1)).toContainText('Already redeemed');
  await expect(attempts.getByRole('row').nth(2)).toContainText('Redeemed');

  // The report counts it, on the page and in the CSV.
  await page.getByRole('navigation', { name: 'Merchant dashboard' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('table').locator('tfoot')).toContainText('Total');
  const csv = await page.request.get(`/merchant/${buyableDeal.merchantId}/reports.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  expect(text).toContain('Month,Deal id,Deal,Sold,Redeemed,Outstanding,Sales (GBP),Owed to merchant (GBP)');
  expect(text).toMatch(new RegExp(`\\r\\n\\d{4}-\\d{2},${buyableDeal.id},`));

  // Another merchant's owner: no way into this dashboard, and the voucher is refused as not theirs.
  const stranger = await signedInPage(browser, 'other-owner', 'Sam');
  await becomeOwner(stranger.page, stranger.email, otherMerchantId);
  const peek = await stranger.page.goto(`/merchant/${buyableDeal.merchantId}`);
  expect(peek?.status()).toBe(404);
  expect((await stranger.page.request.get(`/merchant/${buyableDeal.merchantId}/reports.csv`)).status()).toBe(404);
  await stranger.page.goto(`/merchant/${otherMerchantId}`);
  await expect(stranger.page.locator(`tr[data-voucher="${voucher.code}"]`)).toHaveCount(0);
  await stranger.page.goto(`/merchant/${otherMerchantId}/redeem`);
  await stranger.page.getByLabel(/^Voucher code/).fill(voucher.code);
  await stranger.page.getByLabel(/^Security code/).fill(voucher.securityCode);
  await stranger.page.getByRole('button', { name: 'Redeem voucher' }).click();
  await expect(stranger.page.getByRole('alert')).toHaveText(
    'This voucher is for another merchant, so you cannot redeem it.',
  );
});

test('an owner invites a colleague, who joins from the emailed link; the owner then removes them', async ({
  browser,
}) => {
  const owner = await signedInPage(browser, 'team-owner', 'Olu');
  await becomeOwner(owner.page, owner.email, otherMerchantId);
  const colleague = await signedInPage(browser, 'colleague', 'Cara');

  const { page } = owner;
  await page.goto(`/merchant/${otherMerchantId}/team`);
  await page.getByLabel('Their email address').fill(colleague.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invitation sent' })).toContainText(colleague.email);
  await expect(page.getByRole('region', { name: 'Invitations waiting' })).toContainText(colleague.email);

  await colleague.page.goto(await mailedInvitePath(colleague.page.request, colleague.email));
  await colleague.page.getByRole('button', { name: /^Join / }).click();
  await expect(colleague.page).toHaveURL(new RegExp(`/merchant/${otherMerchantId}$`));
  // Staff see the team but cannot change it.
  await colleague.page.goto(`/merchant/${otherMerchantId}/team`);
  await expect(colleague.page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);

  await page.reload();
  await page.getByRole('button', { name: `Remove ${colleague.email}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Removed.' })).toHaveText(
    'Removed. They can no longer open this dashboard.',
  );
  const after = await colleague.page.goto(`/merchant/${otherMerchantId}`);
  expect(after?.status()).toBe(404);
});

test('a deal whose price evidence has lapsed shows no saving on its card, its page or its JSON-LD until the merchant refreshes it', async ({
  browser,
  page,
  request,
}) => {
  const deal = evidencedSavingDeal;
  const listing = `/deals/${deal.town}?orderBy=discount`;
  const card = page.locator(`article[data-deal-id="${deal.id}"]`).first();
  const jsonLd = () => page.locator('script[type="application/ld+json"]').first().textContent();

  await page.goto(listing);
  await expect(card).toContainText(`${deal.discount}% off`);
  await page.goto(`/deal/${deal.id}`);
  await expect(page.getByRole('heading', { name: /Where the savings? comes? from/ })).toBeVisible();
  await expect(page.getByText(/checked on \d+ \w+ \d{4} by the Tuppence deals team/).first()).toBeVisible();

  // Support records that the prices were last checked 40 days ago: the evidence has lapsed.
  const backdated = await request.post(`/api/internal/deals/${deal.id}/price-evidence`, {
    headers: OPERATOR,
    data: {
      source: 'merchant_price_list',
      sourceName: 'Old price list',
      checkedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString(),
      checkedByName: 'an old audit',
    },
  });
  expect(backdated.status(), await backdated.text()).toBe(201);

  await page.goto(listing);
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('% off');
  await expect(card).not.toContainText(`-${deal.discount}%`);
  await page.goto(`/deal/${deal.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Its own price box and options (related deals below keep their own evidenced savings).
  await expect(page.locator('article.deal .summary')).toContainText('Choose your option');
  await expect(page.locator('article.deal .summary')).not.toContainText(/Save \d+%|-\d+%/);
  await expect(page.getByRole('heading', { name: /Where the savings? comes? from/ })).toHaveCount(0);
  expect(await jsonLd()).not.toContain('StrikethroughPrice');

  // The merchant refreshes the evidence from the dashboard; the saving is back at once.
  const owner = await signedInPage(browser, 'prices-owner', 'Ana');
  await becomeOwner(owner.page, owner.email, deal.merchantId);
  await owner.page.goto(`/merchant/${deal.merchantId}/prices`);
  const lapsed = owner.page.locator('li.option--lapsed');
  await expect(lapsed.first()).toContainText('Lapsed: no saving shown');
  while ((await lapsed.count()) > 0) {
    await lapsed
      .first()
      .getByRole('button', { name: /I have checked this price today/ })
      .click();
    await expect(owner.page.getByRole('status').filter({ hasText: 'Thank you' })).toBeVisible();
  }

  await page.goto(`/deal/${deal.id}`);
  await expect(page.getByText(/checked on \d+ \w+ \d{4} by Ana at /).first()).toBeVisible();
  await page.goto(listing);
  await expect(card).toContainText(`${deal.discount}% off`);
});
