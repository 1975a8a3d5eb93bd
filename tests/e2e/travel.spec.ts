/**
 * Travel and every deal path (spec 2 path rules; decision 029) as a shopper meets it: every deal path
 * answers with the deal (a 301 to /deal/{id}, or the evergreen deal live now); a hotel deep link opens
 * with its dates chosen, and a bad one says so; a guest picks a check-in date on the calendar (by
 * keyboard too), pays, and the voucher shows the stay; a draft deal's preview is for operators only.
 * Deals: hotelStayDeal, and slot 39 of priceableDeals.
 */

import { expect, test } from '@playwright/test';
import { formatLongDate } from '../../src/domain/format';
import { addDays, DEEP_LINK_NOTES } from '../../src/domain/stays';
import { AxeBuilder } from './axe';
import { buyableDeal, hotelStayDeal, priceableDeals } from './deal-fixtures';
import { checkoutReady, OPERATOR, uniqueEmail } from './shopping';

const dayName = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const spoken = (iso: string) => dayName.format(new Date(`${iso}T00:00:00Z`));
const dayRadio = (iso: string) => new RegExp(`^${spoken(iso)}, £`);

test('spec 2 path rules: /travel/{id}, /deals/london/{id}, /shop/{id} and /email-deal/… answer with a 301 to /deal/{id}', async ({
  request,
}) => {
  const id = buyableDeal.id;
  for (const path of [
    `/travel/${id}`,
    `/deals/london/${id}`,
    `/shop/${id}`,
    `/email-deals/london/${id}`,
    `/escapes/${id}`,
  ]) {
    const response = await request.get(`${path}?utm_source=partner`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(`/deal/${id}?utm_source=partner`);
  }
  const product = await request.get(`/deals/london/${id}/${buyableDeal.product.id}`, { maxRedirects: 0 });
  expect(product.headers().location).toBe(`/deal/${id}/${buyableDeal.product.id}`);
});

test('spec 2 evergreen: an evergreen path shows the deal live now; an unknown one is a 404', async ({
  page,
  request,
}) => {
  const response = await page.goto('/deals/travel/e/hotel-break');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Choose your option|Options/ })).toBeVisible();
  expect((await request.get('/deals/london/e/no-such-evergreen')).status()).toBe(404);
});

test('a hotel deep link opens with its check-in chosen; past dates are ignored with a note', async ({ page }) => {
  const { id, checkIn } = hotelStayDeal;
  await page.goto(`/deal/${id}?arrival=${checkIn}&departure=${addDays(checkIn, 2)}&guests=2`);
  await expect(page.getByRole('radio', { name: dayRadio(checkIn) })).toBeChecked();
  await expect(page.getByText(`Check in ${spoken(checkIn)}, check out ${spoken(addDays(checkIn, 2))}`)).toBeVisible();

  const past = await page.goto(`/deal/${id}?arrival=2020-01-01&departure=2020-01-03`);
  expect(past?.status()).toBe(200);
  await expect(page.getByText(DEEP_LINK_NOTES.pastDates)).toBeVisible();
});

test('a guest picks a check-in by keyboard for 2 nights, pays, and the voucher shows the stay', async ({ page }) => {
  const { id, checkIn } = hotelStayDeal;
  await page.goto(`/deal/${id}`);
  const calendar = page.getByRole('group', { name: 'Check-in date for 2 nights' });
  await expect(calendar).toBeVisible();
  // Hydrated: the price follows the choice.
  await expect(page.locator('astro-island[component-url*="StayChooser"]')).not.toHaveAttribute('ssr', /.*/);
  const axe = await new AxeBuilder({ page }).include('.options').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const first = calendar.getByRole('radio', { name: dayRadio(checkIn) });
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(page.getByText(`Check in ${spoken(checkIn)}, check out ${spoken(addDays(checkIn, 2))}`)).toBeVisible();
  await page.getByRole('button', { name: 'Buy now' }).first().click();
  await expect(page).toHaveURL(/\/checkout/);
  // What is typed before the checkout island hydrates is lost (the CI run of stop 29 failed on this).
  await checkoutReady(page);

  await page.getByLabel('Email address').fill(uniqueEmail('hotel'));
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();
  const long = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));
  await expect(
    page.getByText(`check in ${long(checkIn)}, check out ${long(addDays(checkIn, 2))}, 2 nights`).first(),
  ).toBeVisible();
});

test('/preview-deal/{id} shows a draft deal to an operator only, noindex', async ({ page, request }) => {
  const option = priceableDeals[39];
  if (!option) throw new Error('slot 39 missing');
  const draft = await request.patch(`/api/internal/deals/${option.dealId}`, {
    headers: OPERATOR,
    data: { status: 'draft' },
  });
  expect(draft.status()).toBe(200);
  try {
    expect((await request.get(`/deal/${option.dealId}`)).status()).toBe(404);
    expect((await request.get(`/preview-deal/${option.dealId}`)).status()).toBe(404);
    await page.setExtraHTTPHeaders(OPERATOR);
    const shown = await page.goto(`/preview-deal/${option.dealId}`);
    expect(shown?.status()).toBe(200);
    await expect(page.getByText('Preview: this deal is not live yet.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  } finally {
    await request.patch(`/api/internal/deals/${option.dealId}`, { headers: OPERATOR, data: { status: 'live' } });
  }
});
