/**
 * The account home and email preferences (spec 2 page types and routes; spec 7 email-preferences
 * service; docs/decisions/049), as a shopper meets them: a guest sent to sign in from /myaccount
 * lands back on it, greeted by name with every account area; the Email preferences link opens their
 * own preferences without an emailed link; /account and /dashboard lead to the home; a guest at
 * /email/preferences is told how to get to their preferences.
 */

import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';

const PASSWORD = 'Sunshine1';
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

const AREAS = [
  'My Vouchers',
  // docs/decisions/052.
  'Extend a voucher',
  'Your insights',
  'Account details',
  'My Subscriptions',
  'My Wallet',
  'My Gifts',
  'Payment methods',
  'Delivery addresses',
  'Credit',
  'Rewards',
  'Refer a friend',
  'Change password',
  'Email preferences',
  'Delete account',
];

test('spec 2: a shopper signs in to the account home, sees every area and changes their email preferences from it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('home');
  await registerConfirmed(request, { firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD });

  // A guest is sent to sign in and comes back to the home (not the 404 it once was).
  await page.goto('/myaccount');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmyaccount$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/myaccount$/);
  await expect(page.getByRole('heading', { name: 'Hello, Grace', level: 1 })).toBeVisible();

  // The home's own list of areas (the account menu beside it has the same names).
  const home = page.getByTestId('account-areas');
  const areas = home.getByRole('link');
  await expect(areas).toHaveCount(AREAS.length);
  for (const [index, label] of AREAS.entries()) await expect(areas.nth(index)).toContainText(label);
  await expect(home.getByRole('link', { name: /My Vouchers/ })).toContainText('No vouchers ready to use');
  await expect(home.getByRole('link', { name: /My Wallet/ })).toContainText('Balance £0');
  await expect(home.getByRole('link', { name: /Email preferences/ })).toContainText('Not getting our deals emails');
  await expect(
    page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Account home' }),
  ).toHaveAttribute('aria-current', 'page');

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`account-home-${width}.png`), fullPage: true });
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  // /account and /dashboard are the same home.
  for (const alias of ['/account', '/dashboard']) {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/myaccount$/);
  }

  // The Email preferences link: the shopper's own address, no emailed link needed.
  await home.getByRole('link', { name: /Email preferences/ }).click();
  await expect(page).toHaveURL(/\/email\/preferences$/);
  await expect(page.getByRole('heading', { name: 'Email preferences', level: 1 })).toBeVisible();
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await page.getByRole('checkbox', { name: /Travel and escapes/ }).check();
  await page.getByRole('radio', { name: 'Once a month' }).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email preferences are saved.' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /Travel and escapes/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Local deals/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Once a month' })).toBeChecked();
  const prefsAxe = await new AxeBuilder({ page }).include('main').analyze();
  expect(prefsAxe.violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('email-preferences-1280.png'), fullPage: true });

  // Back on the home, the summary follows the change.
  await page.goto('/myaccount');
  await expect(home.getByRole('link', { name: /Email preferences/ })).toContainText('1 topic, monthly');
});

test('spec 7: a guest at /email/preferences without a link is told how to manage emails', async ({ page }) => {
  const response = await page.goto('/email/preferences');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Email preferences', level: 1 })).toBeVisible();
  await expect(page.getByText('Sign in to choose which emails you get.')).toBeVisible();
  await expect(page.getByText(/choose what we send you/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/login?redirect=%2Femail%2Fpreferences',
  );
  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`email-preferences-guest-${width}.png`), fullPage: true });
  }
});
