/**
 * The VIP subscription as a shopper meets it (spec 1 and 9: deal 18927099, at most £4.99 a month;
 * decision 047, DMCC Act 2024): the membership's deal page states the terms before buying, "Join
 * VIP" goes through the normal checkout where the terms sit beside the pay button, VIP prices
 * follow; the renewal reminder (the operator's run of the reminder job, clock moved to 2 days before
 * the renewal) carries a one-click cancel link that works without signing in and, within 14 days of
 * joining, refunds the unused part. At 1280 and 375 px. Nothing ticks VIP but the shopper's click.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { priceableDeals, vipOfferDeal } from './deal-fixtures';
import { addOptionToBasket, checkoutReady, expectVouchers, OPERATOR, uniqueEmail } from './shopping';

const VIP_PATH = '/deal/18927099';
const DAY = 24 * 60 * 60 * 1000;

const fromHtml = (html: string) =>
  html.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<');

/** The one-click cancel link in the newest VIP reminder to this address, read from /dev/mailbox. */
async function reminderCancelPath(request: APIRequestContext, email: string): Promise<string> {
  const list = await (await request.get('/dev/mailbox')).text();
  const item = list
    .split('<li')
    .slice(1)
    .map(fromHtml)
    .find((html) => html.includes('Your Tuppence VIP membership renews on') && html.includes(email));
  const href = item?.match(/href="([^"]+)"/)?.[1] ?? '';
  expect(href, `a VIP reminder to ${email}`).not.toBe('');
  const mail = fromHtml(await (await request.get(href)).text());
  const token = mail.match(/\/vip\/cancel\?token=([\w-]+)/)?.[1];
  expect(token, 'a one-click cancel link in the reminder').toBeTruthy();
  return `/vip/cancel?token=${token}`;
}

async function noAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function payByCard(page: Page, amount: string) {
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page
    .locator('form.checkout')
    .getByRole('button', { name: `Pay ${amount}` })
    .click();
}

for (const width of [1280, 375]) {
  test(`spec 1, 9 and decision 047 at ${width} px: join VIP from its deal page, then cancel in one step from the reminder email and get the unused part back`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(`vip-${width}`);
    await registerConfirmed(page.request, { firstName: 'Vic', lastName: 'Member', email, password: 'Sunshine1' });

    // Before buying: what VIP gives, the price, the monthly renewal, how to cancel, the 14-day right.
    await page.goto(VIP_PATH);
    await expect(page.getByRole('heading', { level: 1, name: 'Tuppence VIP' })).toBeVisible();
    await expect(page.getByText('£4.99', { exact: true })).toBeVisible();
    await expect(page.getByText(/Renews every month .* until you cancel/)).toBeVisible();
    await expect(page.getByRole('term').filter({ hasText: '14-day right to cancel' })).toBeVisible();
    await expect(page.getByText(/Within 14 days of joining/)).toBeVisible();
    await expect(page.getByText(/One step: the Cancel button in My Subscriptions/)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).not.toHaveAttribute('content', /noindex/i);
    await noAxeViolations(page);
    await noSidewaysScroll(page);

    await page.getByRole('button', { name: 'Join VIP' }).click();
    await expect(page).toHaveURL(/\/checkout/);
    await checkoutReady(page);
    // The terms again, beside the pay button.
    const terms = page.locator('#checkout-vip-terms');
    await expect(terms).toContainText('Tuppence VIP: £4.99 a month');
    await expect(terms).toContainText('Cancel in one step');
    await expect(terms).toContainText('14 days');
    await payByCard(page, '£4.99');
    await expectVouchers(page);
    // The month's line in My Vouchers is the membership: it leads to My Subscriptions and offers no
    // voucher refund, so a month cannot be refunded twice (decision 047).
    await expect(page.getByRole('link', { name: 'manage or cancel it in My Subscriptions' })).toBeVisible();
    await expect(page.getByText('Refund or exchange for credit')).toHaveCount(0);

    // VIP now: VIP prices on a deal with a VIP offer.
    await page.goto(`/deal/${vipOfferDeal.dealId}`);
    await expect(page.getByText(/You're VIP/)).toBeVisible();

    // The reminder job, its clock 2 days before the renewal (as the hourly run would be then).
    const status = await (await page.request.get('/api/v1/subscription')).json();
    expect(status).toMatchObject({ status: 'ACTIVE', valid: true });
    const renewal = new Date(status.currentPeriodEnd).getTime();
    const run = await page.request.post('/api/internal/subscriptions/reminders', {
      headers: OPERATOR,
      data: { now: new Date(renewal - 2 * DAY).toISOString() },
    });
    expect(run.status()).toBe(200);
    const cancelPath = await reminderCancelPath(page.request, email);

    // The link works in a browser that is not signed in; today is within 14 days of joining.
    const stranger = await browser.newContext({ viewport: { width, height: 900 } });
    const other = await stranger.newPage();
    await other.goto(cancelPath);
    await expect(other.getByRole('heading', { level: 1, name: 'Cancel VIP' })).toBeVisible();
    await expect(other.getByText(/cancelling now refunds £4\.99, the unused part of this month/)).toBeVisible();
    await noSidewaysScroll(other);
    await other.getByRole('button', { name: 'Cancel VIP' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Your VIP membership is cancelled' })).toBeVisible();
    await expect(other.getByText(/has ended and we're refunding £4\.99, the unused part of this month/)).toBeVisible();
    await expect(other.getByRole('button', { name: 'Cancel VIP' })).toHaveCount(0);
    await noAxeViolations(other);
    // Opening the link again changes nothing and says so.
    await other.goto(cancelPath);
    await expect(other.getByText(/we're refunding £4\.99/)).toBeVisible();
    await stranger.close();

    await page.goto('/myaccount/subscriptions');
    await expect(page.getByText('No subscription found')).toBeVisible();
    expect(await (await page.request.get('/api/v1/subscription')).json()).toMatchObject({ valid: false });
  });
}

test('decision 047: ?vipChecked=true adds and ticks nothing; a bad cancel link is refused with a clear message', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await registerConfirmed(page.request, {
    firstName: 'Nia',
    lastName: 'Shopper',
    email: uniqueEmail('vip-none'),
    password: 'Sunshine1',
  });
  const slot = priceableDeals[37];
  if (!slot) throw new Error('no priceable deal in slot 37');
  await addOptionToBasket(page, slot);
  await page.goto('/checkout?vipChecked=true');
  await checkoutReady(page);
  await expect(page.locator('#checkout-vip-terms')).toHaveCount(0);
  await expect(page.getByText(/Tuppence VIP/)).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: /VIP/i })).toHaveCount(0);

  await page.goto('/register');
  await expect(page.getByRole('checkbox', { name: /VIP/i })).toHaveCount(0);

  const bad = await page.goto('/vip/cancel?token=this-is-not-a-real-cancel-token');
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    /This cancellation link isn't valid\. Sign in and cancel VIP from My Subscriptions/,
  );
  await expect(page.getByRole('button', { name: 'Cancel VIP' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to My Subscriptions' })).toBeVisible();
});
