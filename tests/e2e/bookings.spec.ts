/**
 * Issue 24 item 5 and issue 23 item 3 (spec 4 calendar booking), as a shopper and a merchant meet it:
 * the shopper buys a deal booked after purchase, asks for a date from the voucher, the merchant sees
 * the request on the dashboard's Bookings page and confirms it, and the voucher shows Booked with the
 * spec 3 note. Deal: bookOnRedemptionDeal.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { formatLongDate } from '../../src/domain/format';
import { addDays } from '../../src/domain/stays';
import { bookOnRedemptionDeal } from './deal-fixtures';
import { becomeOwner, signedInPage } from './merchant-helpers';
import { addOptionToBasket } from './shopping';

test('a shopper asks for a date from the voucher; the merchant confirms it and the voucher is Booked', async ({
  browser,
}) => {
  // Two accounts, a purchase, an invitation and two dashboards: slow on a loaded machine.
  test.slow();
  const deal = bookOnRedemptionDeal;
  const customer = await signedInPage(browser, 'booker', 'Bea');
  await addOptionToBasket(customer.page, { dealId: deal.id, productId: deal.product.id });
  const checkout = await (await customer.page.request.get('/api/v1/checkout')).json();
  const total = checkout.orderSummary.totalOrderAmount as number;
  const paid = await customer.page.request.post('/api/v1/pay', {
    data: {
      totalOrderAmount: total,
      walletUsed: 0,
      cashAmount: total,
      paymentMethod: 'credit_card',
      nonce: 'fake-valid-visa-nonce',
    },
    headers: { 'Idempotency-Key': `e2e-booking-${Date.now()}-${Math.random()}` },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const order = (await paid.json()).productOrder.id as number;

  // spec 4 calendarStepTwo: the shopper asks for a date from the voucher.
  await customer.page.goto(`/myaccount/vouchers?order=${order}`);
  const voucher = customer.page.locator('article.voucher').first();
  await expect(voucher.getByText('Ready to Redeem')).toBeVisible();
  const wanted = addDays(new Date().toISOString().slice(0, 10), 14);
  await voucher.getByLabel("Date you'd like").fill(wanted);
  await voucher.getByRole('button', { name: 'Request this date' }).click();
  const long = formatLongDate(new Date(`${wanted}T12:00:00Z`));
  await expect(
    customer.page.getByRole('status').filter({ hasText: 'we’ve sent your date to the merchant' }),
  ).toBeVisible();
  await expect(customer.page.getByText(`You asked for ${long}.`)).toBeVisible();

  // spec 4 bcorStepOne: the merchant confirms it on the dashboard.
  const owner = await signedInPage(browser, 'booking-owner', 'Mo');
  await becomeOwner(owner.page, owner.email, deal.merchantId);
  await owner.page.getByRole('link', { name: 'Bookings' }).click();
  const request = owner.page.locator('li.request').filter({ hasText: long }).filter({ hasText: 'Bea' });
  await expect(request).toBeVisible();
  const axe = await new AxeBuilder({ page: owner.page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await request.getByRole('button', { name: 'Confirm date' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeVisible();

  await customer.page.goto('/myaccount/vouchers');
  const booked = customer.page.locator('article.voucher').filter({ hasText: `${long} is confirmed` });
  await expect(booked.getByText('Booked', { exact: true })).toBeVisible();
  await expect(booked.locator('.voucher__travel')).toContainText(
    'Booked: Travel documents expected from the merchant within 3 working days',
  );
});
