/** The header a shopper steers by (spec 2 "Header, footer, home and menus", spec 9 hover delay). */
import { expect, test } from '@playwright/test';

test('hovering a menu item opens its popover after the 200 ms delay, and leaving closes it', async ({ page }) => {
  await page.goto('/deals/london');
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  const panelLink = nav.getByRole('link', { name: 'All Beauty' });
  await expect(panelLink).toBeHidden();
  await nav.getByRole('link', { name: 'Beauty', exact: true }).hover();
  await expect(panelLink).toBeVisible();
  await page.mouse.move(5, 850);
  await expect(panelLink).toBeHidden();
});

test('a menu popover opens by keyboard and Escape closes it, returning focus', async ({ page }) => {
  await page.goto('/deals/london');
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  const toggle = nav.locator('summary', { hasText: 'Beauty categories' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const spa = nav.getByRole('link', { name: 'All Beauty' });
  await expect(spa).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(spa).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the local item shows the chosen location and offers the Scottish menu', async ({ page }) => {
  await page.goto('/deals/glasgow');
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  const local = nav.locator('summary', { hasText: 'Glasgow' }).first();
  await expect(local).toBeVisible();
  await local.click();
  const chooser = page.locator('#location-chooser');
  await expect(chooser).toBeVisible();
  for (const city of ['Glasgow', 'Edinburgh', 'Aberdeen']) {
    await expect(chooser.getByRole('link', { name: city, exact: true }).first()).toBeVisible();
  }
  await expect(chooser.getByRole('link', { name: 'Afternoon Tea' }).first()).toHaveAttribute(
    'href',
    '/deals/glasgow/food-drink/afternoon-tea',
  );
});

test('a menu panel fills when a shopper reaches for it; the page itself carries only its link (decision 064)', async ({
  page,
}) => {
  const response = await page.goto('/deals/london');
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('href="/deals/london/beauty/teeth-whitening"');
  expect(html).not.toContain('href="/deals/manchester"');
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  await nav.getByRole('link', { name: 'Beauty', exact: true }).hover();
  await expect(nav.getByRole('link', { name: 'Teeth Whitening' })).toBeVisible();
  await nav.locator('summary', { hasText: 'London' }).first().click();
  const chooser = page.locator('#location-chooser');
  await expect(chooser.getByRole('link', { name: 'Manchester', exact: true })).toHaveAttribute(
    'href',
    '/deals/manchester',
  );
  await expect(chooser.getByRole('link', { name: 'London', exact: true })).toHaveAttribute('aria-current', 'page');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the location menu links to a page with every location (decision 064)', async ({ page }) => {
    await page.goto('/deals/leeds');
    const nav = page.getByRole('navigation', { name: 'Deals menu' });
    await nav.locator('summary', { hasText: 'Leeds' }).first().click();
    await page.locator('#location-chooser').getByRole('link', { name: 'Choose your location' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Manchester', exact: true })).toHaveAttribute(
      'href',
      '/deals/manchester',
    );
    await expect(main.getByRole('link', { name: 'Edinburgh', exact: true }).first()).toBeVisible();
  });
});

test('choosing a location is remembered: the home page then shows it', async ({ page }) => {
  await page.goto('/deals/edinburgh');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular in Edinburgh' })).toBeVisible();
});

test('at lg width 7 items show and the rest move into More (spec 9 visible counts)', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/deals/london');
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  const more = nav.locator('summary', { hasText: 'More' });
  await expect(more).toBeVisible();
  const visibleInBar = await nav
    .locator(
      '[data-nav-track] > li.main-nav__item:not(.main-nav__item--more):not(.main-nav__item--vip):not(.main-nav__item--gifts)',
    )
    .evaluateAll((items) => items.filter((li) => getComputedStyle(li).display !== 'none').length);
  expect(visibleInBar).toBe(7);
  await more.click();
  await expect(nav.locator('#nav-more').getByRole('link').first()).toBeVisible();
});

test('the account and gifts items are there for a guest, with a VIP crown item', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: /sign in/i })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Deals menu' });
  await expect(nav.getByRole('link', { name: 'Gifts' })).toHaveAttribute('href', '/gifts');
  await expect(nav.getByRole('link', { name: 'VIP' })).toHaveAttribute('href', '/deals/vip');
});

test('the footer has its link columns, payment methods, social buttons, the current year and who trades', async ({
  page,
}) => {
  await page.goto('/?clock=2026-07-01');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of use' }).first()).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Help and FAQs' })).toBeVisible();
  await expect(footer.getByRole('link', { name: /App Store/ })).toBeVisible();
  await expect(footer.getByText(/© 2026/)).toBeVisible();
  // decision 042: the trading disclosures (the demo TRADING_* defaults).
  await expect(
    footer.getByText(/company number 15482917\. Registered office: 2 Example Yard, London EC1A 4AB\./),
  ).toBeVisible();
  await expect(footer.getByRole('link', { name: /instagram/i })).toBeVisible();
  await expect(footer.getByText(/careers/i)).toHaveCount(0);
});
