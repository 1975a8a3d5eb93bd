/**
 * Saved delivery addresses (docs/decisions/051), as a shopper keeps them in My Account: on a phone
 * they type their first address (a wrong postcode is named beside its field, what they typed kept),
 * which becomes the default; on a desktop they find a second by its postcode, make it the default and remove the
 * first after being asked. The page is personal (private, no-store) and passes the axe audit.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';

const uniqueEmail = () => `addresses-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

async function fillAddress(page: Page, address: { name: string; line1: string; town: string; postcode: string }) {
  await page.getByLabel('Full name').fill(address.name);
  await page.getByLabel('Address line 1').fill(address.line1);
  await page.getByLabel('Town or city').fill(address.town);
  await page.getByLabel('Postcode', { exact: true }).fill(address.postcode);
}

test('spec 2 account pages, spec 7 address lookup (decision 051): a shopper adds an address on a phone, then makes a second the default on a desktop', async ({
  page,
  request,
}) => {
  await registerConfirmed(request, { firstName: 'Ada', email: uniqueEmail(), password: 'Sunshine1' });
  await page.context().addCookies((await request.storageState()).cookies);

  await page.setViewportSize({ width: 375, height: 800 });
  const response = await page.goto('/myaccount/addresses');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery addresses' })).toBeVisible();
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();

  // A postcode that is not one is named beside its field; what was typed stays.
  await fillAddress(page, { name: 'Ada Lovelace', line1: '12 Park Row', town: 'Leeds', postcode: 'LS1' });
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('Enter a valid postcode')).toBeVisible();
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Address line 1')).toHaveAttribute('autocomplete', 'address-line1');

  await page.getByLabel('Postcode', { exact: true }).fill('ls1 5hd');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('The address has been added.')).toBeVisible();
  const list = page.getByTestId('saved-addresses');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('LS1 5HD');
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The second is found by its postcode through the address service, then named.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByLabel('Find your address by postcode').fill('M3 3JE');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('list', { name: 'Addresses found' }).getByRole('link').first().click();
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('M3 3JE');
  const line1 = await page.getByLabel('Address line 1').inputValue();
  expect(line1).not.toBe('');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('The address has been added.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: `Make default: Ada Lovelace, ${line1}, M3 3JE` }).click();
  await expect(page.getByText('Your default address has been changed.')).toBeVisible();
  // The default is listed first and marked.
  await expect(list.getByRole('listitem').first()).toContainText(line1);
  await expect(list.getByRole('listitem').first()).toContainText('Default');
  await expect(page.getByRole('button', { name: 'Make default: Ada Lovelace, 12 Park Row, LS1 5HD' })).toBeVisible();

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Removing asks first.
  await page.getByRole('link', { name: 'Remove: Ada Lovelace, 12 Park Row, LS1 5HD' }).click();
  await expect(page.getByRole('heading', { name: 'Remove this address?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes, remove it' }).click();
  await expect(page.getByText('The address has been removed.')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
