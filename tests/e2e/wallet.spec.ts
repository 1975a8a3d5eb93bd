/**
 * The wallet (spec 3 Wallet; decision 015), as a shopper meets it: support credits the account through the
 * operator endpoint; /myaccount/wallet shows the balance with its promotional part, the credit that expires
 * soonest and the history table; GET /api/v1/user/wallet agrees.
 */

import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';

const PASSWORD = 'Sunshine1';
const OPERATOR = { Authorization: 'Bearer e2e-operator-token' };
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

test('a shopper credited by support sees the balance, the soonest expiry and the history on /myaccount/wallet', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('wallet');
  await registerConfirmed(request, { firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD });

  // A guest is sent to sign in and comes back to the wallet, which is empty so far.
  await page.goto('/myaccount/wallet');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmyaccount%2Fwallet$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/myaccount\/wallet$/);
  await expect(page.getByRole('heading', { name: 'My Wallet', level: 1 })).toBeVisible();
  await expect(page.getByText('Your wallet is empty. Credit you receive appears here.')).toBeVisible();

  const refused = await request.post('/api/internal/wallet/credit', {
    data: { email, amountMinor: 500, kind: 'marketing', description: 'Welcome credit' },
  });
  expect(refused.status()).toBe(401);
  const soon = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
  for (const data of [
    { email, amountMinor: 500, kind: 'marketing', expiresAt: soon, description: 'Welcome credit' },
    { email, amountMinor: 1250, kind: 'cash', description: 'Sorry your spa day was cancelled' },
  ]) {
    const credited = await request.post('/api/internal/wallet/credit', { data, headers: OPERATOR });
    expect(credited.status()).toBe(201);
  }

  await page.reload();
  await expect(page.getByTestId('balance-GBP')).toHaveText('£17.50');
  const parts = page.locator('.balance__parts');
  await expect(parts.getByText('Promotional credit')).toBeVisible();
  await expect(parts.locator('dd').first()).toHaveText('£5');
  await expect(page.getByText(/£5\s+of your credit expires on/)).toBeVisible();

  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Date', 'Description', 'Amount', 'Order']);
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Sorry your spa day was cancelled');
  await expect(rows.nth(1)).toContainText('+£12.50');
  await expect(rows.nth(2)).toContainText('Welcome credit');
  await expect(rows.nth(2)).toContainText('Promotional credit');

  const api = await page.request.get('/api/v1/user/wallet');
  expect(api.status()).toBe(200);
  expect(await api.json()).toEqual({
    wallets: [{ currency: 'GBP', balance: 1750, marketingBalance: 500, refundableBalance: 0 }],
    userWallet: { currency: 'GBP', balance: 1750, marketingBalance: 500, refundableBalance: 0 },
    hasError: false,
  });

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
});

test('spec 7 GET user wallet answers 401 to a guest', async ({ request }) => {
  const response = await request.get('/api/v1/user/wallet');
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ status: 401 });
});
