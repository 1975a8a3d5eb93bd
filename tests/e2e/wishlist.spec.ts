/**
 * The wishlist (decision 022), as a shopper meets it: a guest hearts two deals, signs in, and finds
 * both in the account's wish list; guests are told "Login to see your full wish list" (spec 2); remove
 * all empties it; the shared link shows it read only.
 */

import { expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { uniqueEmail } from './shopping';

const PASSWORD = 'Sunshine1';

/** The headlines of the first cards' hearts on a listing, after hearting them. */
async function heartFirstCards(page: Page, count: number): Promise<string[]> {
  const hearts = page.locator('main article button[data-wishlist-heart]');
  await expect(hearts.first()).toBeVisible();
  const headlines: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const heart = hearts.nth(index);
    // The heart is named after its card's headline (spec 2 cards; decision 022).
    const label = (await heart.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Save to wish list: /);
    const headline = label.replace('Save to wish list: ', '');
    const card = heart.locator('xpath=ancestor::article[1]');
    await expect(card.getByRole('link', { name: headline, exact: true })).toBeVisible();
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    headlines.push(headline);
  }
  return headlines;
}

test('a guest hearts two deals, logs in, and finds both in the account wish list', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('wishlist');
  // The account is made elsewhere, so this browser stays a guest until it signs in.
  const elsewhere = await playwright.request.newContext({ baseURL });
  await registerConfirmed(elsewhere, { firstName: 'Wren', email, password: PASSWORD });
  await elsewhere.dispose();

  await page.goto('/deals/london');
  const headlines = await heartFirstCards(page, 2);
  // The hearts are saved one after the other: the last one's confirmation means both are kept.
  await expect(page.getByRole('status').filter({ hasText: `${headlines[1]} is on your wish list` })).toHaveCount(1);

  // The guest's list, with spec 2's prompt to sign in.
  await page.goto('/wishlist');
  await expect(page.getByRole('link', { name: 'Login to see your full wish list' })).toBeVisible();
  for (const headline of headlines) await expect(page.getByRole('link', { name: headline })).toBeVisible();

  await page.getByRole('link', { name: 'Login to see your full wish list' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your wish list' })).toBeVisible();
  await expect(page.getByText('2 deals saved')).toBeVisible();
  for (const headline of headlines) await expect(page.getByRole('link', { name: headline })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to see your full wish list' })).toHaveCount(0);
  // The hearts on the account's list are pressed.
  await expect(page.locator('main button[data-wishlist-heart][aria-pressed="true"]')).toHaveCount(2);
  const accessibility = await new AxeBuilder({ page }).include('main').analyze();
  expect(accessibility.violations.map((v) => v.id)).toEqual([]);

  // The shared link shows the list read only: cards, no remove button.
  const shared = await page.getByLabel('Share your wish list (read only)').inputValue();
  const reader = await page.context().browser()?.newPage();
  if (!reader) throw new Error('no second page');
  await reader.goto(shared);
  await expect(reader.getByRole('heading', { level: 1, name: 'A shared wish list' })).toBeVisible();
  for (const headline of headlines) await expect(reader.getByRole('link', { name: headline })).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Remove all' })).toHaveCount(0);
  await reader.close();

  // Remove all: the list is empty, and the store was reset (hearts unpressed on the next page).
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Remove all' }).click();
  await expect(page.locator('[data-wishlist-empty]')).toBeVisible();
  await expect(page.getByText('0 deals saved')).toBeVisible();
  await page.goto('/deals/london');
  await expect(page.locator('main article button[data-wishlist-heart]').first()).toBeVisible();
  await expect(page.locator('main button[data-wishlist-heart][aria-pressed="true"]')).toHaveCount(0);
});

test('spec 5 and 8: the wishlist API answers bad arguments with the spec messages', async ({ request, baseURL }) => {
  const missing = await request.post('/api/v1/wishlist', { data: { deals: [] } });
  expect(missing.status()).toBe(400);
  expect((await missing.json()).message).toBe('Deals missing');
  const malformed = await request.patch('/api/v1/wishlist', { data: { operations: [{ op: 'shuffle' }] } });
  expect(malformed.status()).toBe(400);
  expect((await malformed.json()).message).toBe('args malformed');
  const none = await request.delete('/api/v1/wishlist', { headers: { Origin: baseURL ?? '' } });
  expect(none.status()).toBe(404);
  expect((await none.json()).message).toBe('No Wish List ID');
  const noUrl = await request.get('/api/v1/wishlist/shared');
  expect(noUrl.status()).toBe(400);
  expect((await noUrl.json()).message).toBe('URL missing');
});
