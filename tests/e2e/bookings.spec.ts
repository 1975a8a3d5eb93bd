/**
 * Booking after purchase (spec 4 calendar booking; decisions 024 and 029), as a shopper and a merchant meet
 * it: the shopper buys a deal booked after purchase, asks for a date from the voucher, the merchant sees the
 * request on the dashboard's Bookings page and confirms it, and the voucher shows Booked with the spec 3
 * note; or proposes another date, which the shopper accepts. Deal: bookOnRedemptionDeal.
 */

import { type Browser, expect, type Page, test } from '@playwright/test';
import { formatLongDate } from '../../src/domain/format';
import { addDays } from '../../src/domain/stays';
import { AxeBuilder } from './axe';
import { bookOnRedemptionDeal } from './deal-fixtures';
import { becomeOwner, signedInPage } from './merchant-helpers';
import { addOptionToBasket, payBasketByCard } from './shopping';

/** A signed-in shopper who bought the deal by card: their page and the order id. */
async function buyBookableVoucher(browser: Browser, label: string, firstName: string) {
  const customer = await signedInPage(browser, label, firstName);
  const deal = bookOnRedemptionDeal;
  await addOptionToBasket(customer.page, { dealId: deal.id, productId: deal.product.id });
  const order = await payBasketByCard(customer.page, 'booking');
  return { customer, order };
}

/** spec 4 calendarStepTwo: the shopper asks for a date from the voucher. */
async function askForDate(page: Page, order: number, wanted: string) {
  await page.goto(`/myaccount/vouchers?order=${order}`);
  const voucher = page.locator('article.voucher').first();
  await expect(voucher.getByText('Ready to Redeem')).toBeVisible();
  await voucher.getByLabel("Date you'd like").fill(wanted);
  await voucher.getByRole('button', { name: 'Request this date' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'we’ve sent your date to the merchant' })).toBeVisible();
}

const long = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));
const fromToday = (days: number) => addDays(new Date().toISOString().slice(0, 10), days);

/** The merchant's owner on the dashboard's Bookings page, and the shopper's request for `wanted` there. */
async function ownerSeesRequest(browser: Browser, label: string, ownerName: string, wanted: string, shopper: string) {
  const owner = await signedInPage(browser, label, ownerName);
  await becomeOwner(owner.page, owner.email, bookOnRedemptionDeal.merchantId);
  await owner.page.getByRole('link', { name: 'Bookings' }).click();
  const request = owner.page
    .locator('li.request')
    .filter({ hasText: long(wanted) })
    .filter({ hasText: shopper });
  return { owner, request };
}

test('a shopper asks for a date from the voucher; the merchant confirms it and the voucher is Booked', async ({
  browser,
}) => {
  // Two accounts, a purchase, an invitation and two dashboards: slow on a loaded machine.
  test.slow();
  const { customer, order } = await buyBookableVoucher(browser, 'booker', 'Bea');
  const wanted = fromToday(14);
  await askForDate(customer.page, order, wanted);
  await expect(customer.page.getByText(`You asked for ${long(wanted)}.`)).toBeVisible();

  // spec 4 bcorStepOne: the merchant confirms it on the dashboard.
  const { owner, request } = await ownerSeesRequest(browser, 'booking-owner', 'Mo', wanted, 'Bea');
  await expect(request).toBeVisible();
  const axe = await new AxeBuilder({ page: owner.page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await request.getByRole('button', { name: 'Confirm date' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Booking confirmed' })).toBeVisible();

  await customer.page.goto('/myaccount/vouchers');
  const booked = customer.page.locator('article.voucher').filter({ hasText: `${long(wanted)} is confirmed` });
  await expect(booked.getByText('Booked', { exact: true })).toBeVisible();
  await expect(booked.locator('.voucher__travel')).toContainText(
    'Booked: Travel documents expected from the merchant within 3 working days',
  );
});

test('spec 4 calendar booking: the merchant proposes another date; the shopper accepts it and the voucher is Booked for it', async ({
  browser,
}) => {
  test.slow();
  const { customer, order } = await buyBookableVoucher(browser, 'proposal', 'Pia');
  const wanted = fromToday(20);
  const offered = fromToday(22);
  await askForDate(customer.page, order, wanted);

  const { owner, request } = await ownerSeesRequest(browser, 'proposing-owner', 'Pat', wanted, 'Pia');
  await request.getByLabel('Another date you can offer').fill(offered);
  await request.getByLabel('Note with your date (optional)').fill('We have space that Thursday');
  await request.getByRole('button', { name: 'Propose this date' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Date proposed' })).toBeVisible();
  await expect(owner.page.getByRole('row').filter({ hasText: `You proposed ${long(offered)}` })).toBeVisible();

  await customer.page.goto(`/myaccount/vouchers?order=${order}`);
  const voucher = customer.page.locator('article.voucher').first();
  await expect(voucher).toContainText(`suggested ${long(offered)} instead: “We have space that Thursday”`);
  await expect(voucher.getByLabel('Or ask for another date')).toBeVisible();
  const axe = await new AxeBuilder({ page: customer.page }).include('main').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await voucher.getByRole('button', { name: `Accept ${long(offered)}` }).click();
  await expect(customer.page.getByRole('status').filter({ hasText: 'your booking is confirmed' })).toBeVisible();
  const booked = customer.page.locator('article.voucher').filter({ hasText: `${long(offered)} is confirmed` });
  await expect(booked.getByText('Booked', { exact: true })).toBeVisible();

  await owner.page.reload();
  await expect(
    owner.page.getByRole('row').filter({ hasText: `Your date accepted: Booked for ${long(offered)}` }),
  ).toBeVisible();
});

test('spec 4 calendar booking: a merchant declines a date without a note; the shopper is asked for another', async ({
  browser,
}) => {
  test.slow();
  const { customer, order } = await buyBookableVoucher(browser, 'declined', 'Dee');
  const wanted = fromToday(25);
  await askForDate(customer.page, order, wanted);

  const { owner, request } = await ownerSeesRequest(browser, 'declining-owner', 'Don', wanted, 'Dee');
  // The note is optional: left empty, the decline still goes through (an empty form field reaches
  // the action as null).
  await request.getByRole('button', { name: 'Decline date' }).click();
  await expect(owner.page.getByRole('status').filter({ hasText: 'Booking declined' })).toBeVisible();

  await customer.page.goto(`/myaccount/vouchers?order=${order}`);
  const voucher = customer.page.locator('article.voucher').first();
  await expect(voucher).toContainText(`couldn't take ${long(wanted)}. Please choose another date.`);
  await expect(voucher.getByLabel("Date you'd like")).toBeVisible();
});
