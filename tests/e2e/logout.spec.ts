/**
 * spec 2 account mini menu "Logout" (the logout action, src/actions/account.ts): from the header's menu, and
 * from the /logout page without JavaScript, a signed-in shopper is signed out and lands on the sign-in page;
 * opening /logout (a link, a prefetch) signs nobody out.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';

const PASSWORD = 'Correct-Horse-42';

async function signedInShopper(request: import('@playwright/test').APIRequestContext) {
  const email = `logout-${randomUUID().slice(0, 8)}@example.co.uk`;
  await registerConfirmed(request, { firstName: 'Lou', email, password: PASSWORD });
  return email;
}

test("the header menu's Logout signs the shopper out and shows the sign-in page", async ({ page }) => {
  await signedInShopper(page.request);
  await page.goto('/myaccount/profile');
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await page.locator('.account-menu summary').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login\?signedout=1$/);
  expect((await page.request.get('/api/v1/user')).status()).toBe(401);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/logout asks first, and its button signs the shopper out', async ({ page }) => {
    await signedInShopper(page.request);
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Log out?' })).toBeVisible();
    // Only looking at the page signs nobody out.
    expect((await page.request.get('/api/v1/user')).status()).toBe(200);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?signedout=1$/);
    expect((await page.request.get('/api/v1/user')).status()).toBe(401);
  });
});
