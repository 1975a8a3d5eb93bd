/**
 * Sign in with Google (spec 7 registergoogleuser; spec 4 login flow; decision 055): a guest on the
 * sign-in page goes to Google's sign-in page (the payment sandbox's identity-provider stand-in, on
 * its own origin), picks an account and comes back signed up and signed in, on the page they were
 * heading for. Every request the browser makes stays on this machine.
 */
import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { SANDBOX_ORIGIN, sandboxPage } from './sandbox';

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

test('a guest signs up with Google through its sign-in page and lands signed in where they were going', async ({
  page,
  baseURL,
}) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const { origin } = new URL(request.url());
    if (origin !== new URL(baseURL ?? '').origin && origin !== SANDBOX_ORIGIN && !request.url().startsWith('data:')) {
      elsewhere.push(request.url());
    }
  });
  await page.goto('/login?redirect=/myaccount/profile');
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(sandboxPage('/idp/google/authorize\\?'));
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  const email = uniqueEmail('google');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at the shop, signed in, on the page the sign-in was asked from (spec 2 post-login order).
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'brand_user')?.value).toBe('registered_user');
  expect(cookies.find((cookie) => cookie.name === 'customer_token')?.httpOnly).toBe(true);

  // spec 3 flags: a Google account with no password of its own.
  const flags = await page.evaluate(async () => (await fetch('/api/v1/user/account-status')).json());
  expect(flags).toMatchObject({ tpl: true, hasPassword: false, isFacebook: false, FBO: false });
  expect(elsewhere).toEqual([]);
});

test('a guest who cancels on the Google page is back on the sign-in page, told so', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(sandboxPage('/idp/google/authorize\\?'));
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login\?signin=cancelled$/);
  await expect(page.getByText('Sign-in was cancelled.')).toBeVisible();
});
