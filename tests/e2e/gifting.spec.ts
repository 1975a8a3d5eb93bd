/**
 * Gifting (decision 028) as shoppers meet it: a line sent in a standard gift pack and then switched to an
 * e-gift (no pack or wrap left), paid; the friend's email with the code; the friend claims the gift at
 * /mygift and sees the voucher; a second claim is refused. The gift pack address filled from suggestions by
 * keyboard. The gift finder at spec 2's routes and /gifts; the account's gifts page; the claim-my-gift guide
 * page.
 */

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { giftPackDeal } from './deal-fixtures';
import { addOptionToBasket, checkoutReady, uniqueEmail } from './shopping';

const PASSWORD = 'Sunshine1';

// Each test walks several pages (and runs axe on some): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

async function axeClean(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').analyze();
  expect(result.violations.map((v) => v.id)).toEqual([]);
}

/** The gift code in the newest gift email to this address, from the dev mailbox. */
async function mailedGiftCode(request: APIRequestContext, email: string): Promise<string> {
  // The gift is mailed just after the order answers (docs/decisions/063): look until it is there.
  const newestHref = async () => {
    const list = (await (await request.get('/dev/mailbox')).text()).replaceAll('&amp;', '&');
    const item = list
      .split('<li')
      .slice(1)
      .find((html) => html.includes('sent you a gift from Tuppence') && html.includes(email));
    return item?.match(/href="([^"]+)"/)?.[1] ?? '';
  };
  await expect.poll(newestHref, { message: `a gift email to ${email}` }).not.toBe('');
  const href = await newestHref();
  const mail = await (await request.get(href)).text();
  return mail.match(/GIFT-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)?.[0] ?? '';
}

test('spec 4 gifting changes: a standard gift pack switched to an e-gift leaves no pack behind; the friend claims it once', async ({
  page,
  browser,
}) => {
  await addOptionToBasket(page, giftPackDeal);
  await page.getByRole('link', { name: /Send as a gift/ }).click();
  await expect(page).toHaveURL(/\/checkout\/gifting\?line=\d+/);
  await expect(page.getByRole('heading', { name: 'Send as a gift', level: 1 })).toBeVisible();
  await axeClean(page);

  // A gift pack: the postcode is checked ("Enter a valid postcode"), then found by lookup.
  await page.getByLabel('Find the address by postcode').fill('ZZ9 9ZZ');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.locator('#lookup-error')).toHaveText('Enter a valid postcode');
  await page.getByLabel('Find the address by postcode').fill('SW3 4AB');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('list', { name: 'Addresses found' }).getByRole('link').first().click();
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('SW3 4AB');
  await page.getByLabel("Recipient's name").last().fill('Sam Smith');
  await page.getByLabel(/Standard delivery gift pack/).check();
  await page.getByRole('button', { name: 'Send in a gift pack' }).click();
  await expect(page).toHaveURL(/\/checkout\?gifted=pack/);
  await expect(page.getByRole('status').filter({ hasText: 'Gift Pack Added' })).toBeVisible();
  const extras = page.getByRole('list', { name: /Gift extras for/ });
  await expect(extras).toContainText('Standard delivery gift pack × 1');
  await expect(page.locator('.summary')).toContainText('Gift wrap and packs');

  // Switched to an e-gift: no pack (nor wrap) line is left.
  const friendEmail = uniqueEmail('friend');
  await page.getByRole('link', { name: /Change gift options/ }).click();
  await page.getByLabel("Recipient's name").first().fill('Sam');
  await page.getByLabel("Recipient's email").fill(friendEmail);
  await page.getByLabel(/Your message/).fill('Happy birthday, Sam!');
  await page.getByRole('button', { name: 'Send as an e-gift' }).click();
  await expect(page).toHaveURL(/\/checkout\?gifted=saved/);
  await expect(page.locator('.checkout-line__gift')).toContainText(`E-gift to Sam (${friendEmail})`);
  await expect(page.getByRole('list', { name: /Gift extras for/ })).toHaveCount(0);
  await expect(page.locator('.summary')).not.toContainText('Gift wrap and packs');

  // Pay as a guest (once the checkout island has hydrated: what is typed before is lost).
  await checkoutReady(page);
  await page.getByLabel('Email address').fill(uniqueEmail('giver'));
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel(/Expiry/).fill('12/30');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel(/postcode/i).fill('SW1A 1AA');
  await page.locator('form.checkout').getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Purchase Successful' })).toBeVisible();

  // The send date is today: the friend's email is in the mailbox with the code.
  const code = await mailedGiftCode(page.request, friendEmail);
  expect(code).toMatch(/^GIFT-/);

  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await registerConfirmed(friend.request, { firstName: 'Sam', email: friendEmail, password: PASSWORD });
  await friend.goto(`/mygift?code=${code}`);
  await expect(friend.getByRole('heading', { name: 'A gift for Sam' })).toBeVisible();
  await expect(friend.getByText('Happy birthday, Sam!')).toBeVisible();
  await axeClean(friend);
  await friend.getByRole('button', { name: 'Claim gift' }).click();
  await expect(friend.getByRole('heading', { name: 'Your gift is in your account' })).toBeVisible();
  await friend.getByRole('link', { name: 'See my vouchers' }).click();
  await expect(friend.getByText(giftPackDeal.headline).first()).toBeVisible();

  // A gift can be claimed once.
  await friend.goto(`/mygift?code=${code}`);
  await expect(friend.getByRole('alert')).toHaveText('This gift has already been claimed.');
  await friend.getByRole('button', { name: 'Claim gift' }).click();
  await expect(friend.getByRole('alert')).toHaveText('This gift has already been claimed.');
  await friendContext.close();
});

test('spec 7 address autocomplete: the gift pack address fills from suggestions as the shopper types, by keyboard alone', async ({
  page,
}) => {
  await addOptionToBasket(page, giftPackDeal);
  await page.getByRole('link', { name: /Send as a gift/ }).click();
  await expect(page).toHaveURL(/\/checkout\/gifting\?line=\d+/);
  const suggestions = page.getByRole('listbox', { name: 'Address suggestions' });
  const options = suggestions.getByRole('option');

  // A first line: the seeded streets that fit, at the typed house number.
  const line1 = page.getByRole('combobox', { name: 'Address line 1' });
  await line1.pressSequentially('12 Upper St');
  await expect(options.first()).toHaveText(/^12 Upper Street, London, /);
  await expect(line1).toHaveAttribute('aria-expanded', 'true');
  await axeClean(page);
  await line1.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await expect(line1).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id')) ?? '');
  await line1.press('Enter');
  await expect(line1).toHaveValue('12 Upper Street');
  await expect(page.getByLabel('Town or city')).toHaveValue('London');
  const postcode = page.getByRole('combobox', { name: 'Postcode' });
  await expect(postcode).toHaveValue(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
  await expect(suggestions).toHaveCount(0);
  await expect(line1).toHaveAttribute('aria-expanded', 'false');

  // A postcode: its houses; Escape closes the list, Down opens it again, Up wraps, Enter chooses.
  await postcode.fill('');
  await postcode.pressSequentially('SW3 4AB');
  await expect(options).toHaveCount(6);
  await postcode.press('Escape');
  await expect(suggestions).toHaveCount(0);
  await expect(postcode).toHaveAttribute('aria-expanded', 'false');
  await postcode.press('ArrowDown');
  await postcode.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await postcode.press('ArrowUp');
  await postcode.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  const chosen = (await options.last().textContent()) ?? '';
  await postcode.press('Enter');
  await expect(line1).toHaveValue(chosen.split(', ')[0] ?? '');
  await expect(postcode).toHaveValue('SW3 4AB');

  // The filled address is one the shop accepts.
  await page.getByLabel("Recipient's name").last().fill('Sam Smith');
  await page.getByLabel(/Standard delivery gift pack/).check();
  await page.getByRole('button', { name: 'Send in a gift pack' }).click();
  await expect(page).toHaveURL(/\/checkout\?gifted=pack/);
  await expect(page.getByRole('status').filter({ hasText: 'Gift Pack Added' })).toBeVisible();
});

test('the gift finder for Mum in London beauty, by personality and price; /gifts leads to it', async ({ page }) => {
  await page.goto('/gifts');
  await expect(page.getByRole('heading', { name: /Gift ideas in/, level: 1 })).toBeVisible();
  for (const section of [
    'Gifts by interest',
    'Gifts by occasion',
    'Gifts by recipient',
    'Gifts by type',
    "Valentine's gifts",
  ]) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  // Links from /gifts point at spec 2's canonical form (no /deals).
  await expect(page.getByRole('link', { name: 'For Mum', exact: true })).toHaveAttribute(
    'href',
    /^\/[a-z-]+\/[a-z-]+\/gift-finder\/gifts-for-mum$/,
  );
  await axeClean(page);

  // spec 2's own route is the canonical one; the /deals/... address where the finder first lived
  // (decision 028) answers 301 to it.
  const moved = await page.request.get('/deals/london/beauty/gift-finder/gifts-for-mum?price=20', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe('/london/beauty/gift-finder/gifts-for-mum?price=20');
  await page.goto('/deals/london/beauty/gift-finder/gifts-for-mum');
  await expect(page).toHaveURL(/\/london\/beauty\/gift-finder\/gifts-for-mum$/);
  expect(new URL(page.url()).pathname).toBe('/london/beauty/gift-finder/gifts-for-mum');
  await expect(page).toHaveTitle(/^Beauty Gifts for Mum in London \|/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /^https?:\/\/[^/]+\/london\/beauty\/gift-finder\/gifts-for-mum$/,
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /gift ideas for Mum/);
  await expect(page.getByRole('heading', { name: 'Beauty Gifts for Mum in London', level: 1 })).toBeVisible();
  const cards = page.locator('#gift-finder-deals article');
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(12);
  await axeClean(page);

  await page.getByRole('link', { name: 'Pampered' }).click();
  await expect(page).toHaveURL(/personality=pampered/);
  await expect(page.getByRole('heading', { name: 'Pampered Beauty Gifts for Mum in London', level: 1 })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('link', { name: '£20 to £50' }).click();
  await expect(page).toHaveURL(/personality=pampered&price=20/);
  await expect(page.getByRole('link', { name: '£20 to £50' })).toHaveAttribute('aria-current', 'page');

  // Every recipient chip stays on the canonical form; the bare finder answers too.
  await page.getByRole('link', { name: 'Dad', exact: true }).click();
  await expect(page).toHaveURL(/\/london\/beauty\/gift-finder\/gifts-for-dad$/);
  await expect(page.getByRole('heading', { name: 'Beauty Gifts for Dad in London', level: 1 })).toBeVisible();
  const bare = await page.request.get('/london/beauty/gift-finder');
  expect(bare.status()).toBe(200);
  expect(await bare.text()).toContain('Beauty Gifts in London');
  // Search engines find the finders in the sitemap, at the canonical form.
  const sitemap = await (await page.request.get('/sitemaps/categories-1.xml')).text();
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/london\/beauty\/gift-finder<\/loc>/);

  // An unknown recipient, location or category is the 404 page, at either address.
  for (const path of [
    '/london/beauty/gift-finder/gifts-for-the-cat',
    '/atlantis/beauty/gift-finder',
    '/london/not-a-category/gift-finder/gifts-for-mum',
    '/london/beauty/gift-finder/gifts-for-mum/extra',
    '/deals/london/beauty/gift-finder/gifts-for-the-cat',
  ]) {
    expect((await page.request.get(path)).status(), path).toBe(404);
  }
  // The routes around it still answer as before.
  expect((await page.request.get('/deals/london/beauty')).status()).toBe(200);
  expect((await page.request.get('/gifts')).status()).toBe(200);
});

test("a shopper's own gifts page is in the account menu, empty until they send one; guests sign in first", async ({
  page,
}) => {
  const guest = await page.request.get('/myaccount/gifts', { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toContain('/login');

  await registerConfirmed(page.request, { firstName: 'Robin', email: uniqueEmail('gifts-page'), password: PASSWORD });
  await page.goto('/myaccount/wallet');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'My Gifts' }).click();
  await expect(page).toHaveURL(/\/myaccount\/gifts$/);
  await expect(page.getByRole('heading', { name: 'My Gifts', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'My Gifts' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText("You haven't sent any e-gifts yet.")).toBeVisible();
  await expect(page.getByText("You haven't bought any gift cards yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy a gift card' })).toHaveAttribute('href', '/giftcard');
  await axeClean(page);
});

test('the claim-my-gift guide page explains claiming and takes the code', async ({ page }) => {
  await page.goto('/guides/claim-my-gift?claim-my-gift=true');
  await expect(page.getByRole('heading', { name: 'How to claim your gift', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find your gift code' })).toBeVisible();
  await axeClean(page);
  await page.getByLabel('Gift code').fill('GIFT-AAAA-BBBB-CCCC');
  await page.getByRole('button', { name: 'Claim gift' }).click();
  // A guest is asked to sign in first: the voucher goes to an account.
  await expect(page.getByRole('alert')).toContainText('sign in');
});
