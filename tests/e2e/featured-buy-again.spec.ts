/**
 * Featured deals, the Buy again flag, long prices and the VIP lightbox as a shopper meets them
 * (decision 057):
 * - spec 3 / spec 4: the home page's personal rails are UNCOMPLETE until they arrive, COMPLETE after;
 *   whether Buy again has deals is mirrored to local storage as "true" / "false" ("false" after
 *   signing out), and a shopper whose flag says "true" sees the rail's place held (aria-busy) before
 *   it arrives, while one without Buy again deals never sees the rail at all;
 * - spec 9 "long values are rounded on small screens": £1,234.50 shows as £1,235 at 375 px on the
 *   card and the deal page's header, in full at 1280 px, and always in full to a screen reader and
 *   at checkout;
 * - spec 3 cookie "lightbox VIP", spec 6 VIP prompt: the VIP lightbox shows once to a shopper who is
 *   not VIP, closes from the keyboard, is not shown again while the cookie lasts, never with the
 *   email-capture lightbox, and never to a VIP member.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { priceableDeals, vipOfferDeal } from './deal-fixtures';
import {
  addOptionToBasket,
  checkoutReady,
  expectVouchers,
  payBasketByCard,
  setOptionPrice,
  uniqueEmail,
} from './shopping';

/** decision 057: the Buy again flag's localStorage entry. */
const BUY_AGAIN_FLAG = 'tuppence:buy-again';

const buyAgainFlag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), BUY_AGAIN_FLAG);
const buyAgainSlot = (page: Page) => page.locator('[data-personal-rail="buy-again"]');

/** Holds the browser's Buy again request until `release` is called, so what shows before it can be seen. */
async function holdBuyAgainRail(page: Page): Promise<{ asked: Promise<unknown>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    markAsked = resolve;
  });
  await page.route(/\/partials\/personal-rail\?rail=buy-again/, async (route) => {
    markAsked();
    await released;
    await route.continue();
  });
  return { asked, release };
}

async function signUp(page: Page, label: string): Promise<void> {
  await registerConfirmed(page.request, { firstName: 'Fen', email: uniqueEmail(label), password: 'Sunshine1' });
}

test.describe('spec 3 / 4: featured deals and the Buy again flag', () => {
  test('a shopper with Buy again deals: the flag turns "true", the rail\'s place is held while it loads, and signing out sets it "false"', async ({
    page,
  }) => {
    // A purchase, six page views and an audit: longer than one page's story.
    test.setTimeout(90_000);
    const bought = priceableDeals[38];
    if (!bought) throw new Error('no priceable deal for Buy again');
    await signUp(page, 'featured-buy-again');
    await addOptionToBasket(page, bought);
    await payBasketByCard(page, 'featured-buy-again');

    // First home visit: nothing known yet, so no place is held; the rail arrives and the flag follows.
    await page.goto('/');
    const rail = page.getByRole('region', { name: 'Buy again' });
    await expect(rail.locator(`a[href^="/deal/${bought.dealId}"]`).first()).toBeVisible();
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'COMPLETE');
    expect(await buyAgainFlag(page)).toBe('true');

    // Next visit: the flag says "true", so the rail's place shows, busy, before the rail is asked for.
    const held = await holdBuyAgainRail(page);
    await page.goto('/');
    await held.asked;
    await expect(rail).toBeVisible();
    await expect(rail).toHaveAttribute('aria-busy', 'true');
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'UNCOMPLETE');
    held.release();
    await expect(rail.locator(`a[href^="/deal/${bought.dealId}"]`).first()).toBeVisible();
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'COMPLETE');
    await expect(rail).not.toHaveAttribute('aria-busy', 'true');
    await page.unroute(/\/partials\/personal-rail/);
    const accessibility = await new AxeBuilder({ page }).include('[data-personal-rail="buy-again"]').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);

    // /buy-again mirrors the same list.
    await page.goto('/buy-again');
    await expect(page.getByText('1 deal you bought before')).toBeVisible();
    expect(await buyAgainFlag(page)).toBe('true');

    // spec 4 "false on reset": signed out, the flag says no deals, and no place is held.
    await page.goto('/logout');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login\?signedout=1$/);
    await expect.poll(() => buyAgainFlag(page)).toBe('false');
    await page.goto('/');
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'COMPLETE');
    await expect(page.getByRole('region', { name: 'Buy again' })).toHaveCount(0);
  });

  test('a signed-in shopper without Buy again deals never sees the rail, and the flag says "false"', async ({
    page,
  }) => {
    await signUp(page, 'featured-none');
    const held = await holdBuyAgainRail(page);
    await page.goto('/');
    await held.asked;
    // Before the answer: no place held.
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'UNCOMPLETE');
    await expect(page.getByRole('region', { name: 'Buy again' })).toHaveCount(0);
    held.release();
    await expect(buyAgainSlot(page)).toHaveAttribute('data-featured-deals', 'COMPLETE');
    await expect(page.getByRole('region', { name: 'Buy again' })).toHaveCount(0);
    expect(await buyAgainFlag(page)).toBe('false');
  });
});

test.describe('spec 9: long prices are rounded on small screens', () => {
  const option = priceableDeals[39];

  /** The visible width of the element showing this exact text (1 px or less when visually hidden). */
  const shownWidth = async (scope: Locator, text: string) =>
    (await scope.getByText(text, { exact: true }).boundingBox())?.width ?? 0;

  test('£1,234.50 shows as £1,235 at 375 px on the deal page and its card, in full at 1280 px and at checkout', async ({
    page,
  }) => {
    if (!option) throw new Error('no priceable deal for the long price');
    await page.goto(`/deal/${option.dealId}`);
    const seeded = (await page.locator('main p.from strong').textContent()) ?? '';
    const seededMinor = Math.round(Number(seeded.replace(/[£,]/g, '')) * 100);
    expect(seededMinor).toBeGreaterThan(0);
    await setOptionPrice(page.request, option, 123_450);
    try {
      const header = page.locator('main p.from');
      const card = page.locator(`main article[data-deal-id="${option.dealId}"]`);

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto(`/deal/${option.dealId}`);
      await expect(header.getByText('£1,235', { exact: true })).toBeVisible();
      // The full price stays in the page for a screen reader, only visually hidden; the rounded one is not read.
      await expect(header.getByText('£1,234.50', { exact: true })).toBeAttached();
      expect(await shownWidth(header, '£1,234.50')).toBeLessThanOrEqual(1);
      await expect(header.getByText('£1,235', { exact: true })).toHaveAttribute('aria-hidden', 'true');
      await page.goto('/deals/york');
      await expect(card.getByText('£1,235', { exact: true })).toBeVisible();
      expect(await shownWidth(card, '£1,234.50')).toBeLessThanOrEqual(1);

      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(card.getByText('£1,235', { exact: true })).toBeHidden();
      expect(await shownWidth(card, '£1,234.50')).toBeGreaterThan(20);
      await page.goto(`/deal/${option.dealId}`);
      await expect(header.getByText('£1,234.50', { exact: true })).toBeVisible();
      await expect(header.getByText('£1,235', { exact: true })).toBeHidden();
      expect(await shownWidth(header, '£1,234.50')).toBeGreaterThan(20);

      // Display only: what is charged keeps its pence, at 375 px too.
      await page.setViewportSize({ width: 375, height: 800 });
      await addOptionToBasket(page, option);
      await checkoutReady(page);
      const checkout = await (await page.request.get('/api/v1/checkout')).json();
      expect(checkout.orderSummary.totalOrderAmount).toBe(123_450);
      await expect(page.getByText('£1,234.50').first()).toBeVisible();
    } finally {
      await setOptionPrice(page.request, option, seededMinor);
    }
  });
});

test.describe('spec 3 cookie "lightbox VIP": the VIP lightbox', () => {
  /** Every story starts with the lightbox seen (playwright.config.ts); these start without it. */
  test.beforeEach(async ({ context }) => {
    await context.clearCookies({ name: 'lightbox_vip' });
  });

  const lightbox = (page: Page) => page.getByRole('dialog', { name: /VIP members pay from/ });

  test('shows once to a shopper who is not VIP, closes with Escape, and not again while its cookie lasts', async ({
    page,
    context,
  }) => {
    await page.goto(`/deal/${vipOfferDeal.dealId}`);
    await expect(lightbox(page)).toBeVisible();
    // Focus starts inside and moves through the dialog's own controls.
    await expect(lightbox(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(lightbox(page).getByRole('link', { name: 'Join VIP' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(lightbox(page).getByRole('button', { name: 'Not now' })).toBeFocused();
    const accessibility = await new AxeBuilder({ page }).include('dialog[data-vip-lightbox]').analyze();
    expect(accessibility.violations.map((v) => v.id)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(lightbox(page)).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === 'lightbox_vip');
    expect(cookie, 'the lightbox_vip cookie').toBeDefined();
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    // The next deal page view: the personal part arrives, the lightbox does not.
    await page.reload();
    await expect(page.getByText(/VIP members pay from £[\d.,]+\. Join VIP for £4\.99 a month/)).toBeVisible();
    await expect(page.locator('dialog[data-vip-lightbox]')).toHaveCount(0);
  });

  test('never in the same page view as the email-capture lightbox', async ({ page, context }) => {
    await context.clearCookies({ name: 'email_lightbox' });
    await page.goto(`/deal/${vipOfferDeal.dealId}`);
    await expect(page.locator('dialog[data-vip-lightbox]')).toHaveAttribute('data-decision', 'email-capture');
    await expect(page.getByRole('dialog', { name: 'Get the best deals first' })).toBeVisible();
    await expect(lightbox(page)).toBeHidden();
  });

  test('never to a VIP member', async ({ page }) => {
    await signUp(page, 'featured-vip');
    await page.goto('/myaccount/subscriptions');
    await page.getByRole('button', { name: 'Join VIP for £4.99 a month' }).click();
    await expect(page).toHaveURL(/\/checkout\?vipChecked=true/);
    await checkoutReady(page);
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel(/Expiry/).fill('12/30');
    await page.getByLabel(/Security code/).fill('123');
    await page.getByLabel(/postcode/i).fill('SW1A 1AA');
    await page.locator('form.checkout').getByRole('button', { name: 'Pay £4.99' }).click();
    await expectVouchers(page);

    await page.goto(`/deal/${vipOfferDeal.dealId}`);
    await expect(page.getByText(/You're VIP/)).toBeVisible();
    await expect(page.locator('dialog[data-vip-lightbox]')).toHaveCount(0);
  });
});
