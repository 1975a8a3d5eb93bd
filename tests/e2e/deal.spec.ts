/** A shopper on a deal page (spec 2 routes): pictures, choosing, caps, sold out, reviews, SEO, ended deals. */

import { expect, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import {
  cappedDeal,
  closedDeal,
  galleryDeal,
  perPersonDeal,
  poorlyReviewedDeal,
  reviewedDeal,
  soldOutDeal,
} from './deal-fixtures';

/** The chooser's buttons only act once the island has hydrated (Astro drops its ssr flag then). */
async function chooserReady(page: Page): Promise<void> {
  // The chooser hydrates on the shopper's first touch (decision 071): point at its options, then wait.
  const island = page.locator('astro-island[component-url*="ProductChooser"]');
  await island.locator('.chooser__options').hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

test('the gallery moves to the next picture with the button and the arrow keys', async ({ page }) => {
  await page.goto(`/deal/${galleryDeal.id}`);
  const gallery = page.getByRole('region', { name: /^Pictures of/ });
  await expect(gallery.getByRole('img').first()).toBeVisible();
  // The pointer reaching the gallery wakes it (client:interact, decision 068): its buttons appear.
  await gallery.hover();
  const dots = gallery.getByRole('button', { name: /^Show picture \d+ of/ });
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByText(/^Picture 2 of \d+$/)).toBeAttached();
  await gallery.getByRole('button', { name: 'Next picture' }).press('ArrowLeft');
  await expect(dots.first()).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByRole('button', { name: 'Previous picture' })).toBeDisabled();
  // A swipe is the strip's own scroll: where it comes to rest is the picture selected.
  await gallery.locator('.deal-gallery__viewport').evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2 }));
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  await expect(gallery.getByText(/^Picture 3 of \d+$/)).toBeAttached();
});

test('spec 5: choosing an option and a quantity that cannot exceed the purchase cap', async ({ page }) => {
  await page.goto(`/deal/${cappedDeal.id}`);
  await expect(page.getByRole('heading', { name: 'Choose your option' })).toBeVisible();
  await chooserReady(page);
  const options = page.getByRole('radio');
  await expect(options.first()).toBeChecked();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');

  const more = page.getByRole('button', { name: 'Increase quantity' });
  for (let i = 1; i < cappedDeal.cap; i += 1) await more.click();
  await expect(quantity).toHaveValue(String(cappedDeal.cap));
  await expect(more).toBeDisabled();
  await quantity.fill(String(cappedDeal.cap + 5));
  await expect(quantity).toHaveValue(String(cappedDeal.cap));
  await expect(page.getByText(`You can buy up to ${cappedDeal.cap} of this option.`)).toBeVisible();

  const escaped = cappedDeal.secondProduct.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page.getByRole('radio', { name: new RegExp(escaped) }).check();
  await expect(page.getByRole('radio').nth(1)).toBeChecked();

  // "Buy now" adds the choice to the basket and goes on to checkout (tests/e2e/basket.spec.ts).
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('spec 5: a per-person deal starts at 2 people and cannot go below', async ({ page }) => {
  await page.goto(`/deal/${perPersonDeal.id}`);
  await chooserReady(page);
  const people = page.getByRole('spinbutton', { name: 'People' });
  await expect(people).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Fewer people' })).toBeDisabled();
  await page.getByRole('button', { name: 'More people' }).click();
  await expect(people).toHaveValue('3');
  await page.getByRole('button', { name: 'Fewer people' }).click();
  await expect(people).toHaveValue('2');
});

test('JSON-LD describes the deal as a Product with a GBP Offer, and the canonical is /deal/{id}', async ({ page }) => {
  await page.goto(`/deal/${cappedDeal.id}/${cappedDeal.secondProduct.id}`);
  await expect(page.getByRole('radio').nth(1)).toBeChecked();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/deal/${cappedDeal.id}$`));
  const raw = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(raw ?? '{}') as { '@graph': Record<string, unknown>[] };
  const product = data['@graph'].find((node) => node['@type'] === 'Product');
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  expect(product).toMatchObject({
    name: heading?.trim(),
    offers: {
      '@type': 'Offer',
      priceCurrency: 'GBP',
      price: expect.stringMatching(/^\d+\.\d{2}$/),
      availability: 'https://schema.org/InStock',
      url: expect.stringMatching(new RegExp(`/deal/${cappedDeal.id}$`)),
    },
  });
  const crumbs = data['@graph'].find((node) => node['@type'] === 'BreadcrumbList');
  expect(((crumbs?.itemListElement ?? []) as { name: string }[])[0]?.name).toBe('Home');
});

test('spec 4: a sold-out deal shows SOLD OUT and takes a notification sign-up', async ({ page }) => {
  await page.goto(`/deal/${soldOutDeal.id}`);
  await expect(page.getByText('SOLD OUT', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  const email = page.getByRole('textbox', { name: 'Email me if this deal comes back' });
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Notify me' }).click();
  // spec 5 wording.
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();
  await email.fill(`shopper+${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Notify me' }).click();
  await expect(page.getByText("Thanks, we'll email you if this deal comes back.")).toBeVisible();
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(JSON.stringify(ld)).toContain('https://schema.org/SoldOut');
});

test('spec 9: reviews show from an average of 3.5, three at first, then more on request', async ({ page }) => {
  await page.goto(`/deal/${reviewedDeal.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByRole('listitem')).toHaveCount(3);
  await reviews.getByRole('link', { name: 'Show more reviews' }).click();
  await expect(reviews.getByRole('listitem')).toHaveCount(10);

  await page.goto(`/deal/${poorlyReviewedDeal.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toHaveCount(0);
});

test('an ended deal still answers, says it has ended, offers related deals and is noindex', async ({ page }) => {
  const response = await page.goto(`/deal/${closedDeal.id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText('This deal has ended')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('button', { name: 'Buy now' })).toHaveCount(0);
  const related = page.getByRole('region', { name: 'Deals like this one' });
  await expect(related.getByRole('link').first()).toBeVisible();
  await expect(related.locator(`a[href="/deal/${closedDeal.id}"]`)).toHaveCount(0);
});

test('the deal page and a sold-out deal page have no serious accessibility problems', async ({ page }) => {
  for (const id of [reviewedDeal.id, soldOutDeal.id]) {
    await page.goto(`/deal/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${id} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    ).toEqual([]);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sold-out sign-up posts and comes back with a confirmation; Buy now adds the default option', async ({
    page,
  }) => {
    await page.goto(`/deal/${soldOutDeal.id}`);
    await page
      .getByRole('textbox', { name: 'Email me if this deal comes back' })
      .fill(`nojs+${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Notify me' }).click();
    await expect(page).toHaveURL(new RegExp(`/deal/${soldOutDeal.id}\\?notify=signed-up`));
    await expect(page.getByText("Thanks, we'll email you if this deal comes back.")).toBeVisible();

    await page.goto(`/deal/${perPersonDeal.id}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    // Without JavaScript the form POST still adds to the basket and goes on to checkout.
    await expect(page).toHaveURL(/\/checkout$/);
  });
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the deal page fits without sideways scrolling', async ({ page }) => {
    for (const id of [reviewedDeal.id, soldOutDeal.id, perPersonDeal.id]) {
      await page.goto(`/deal/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/deal/${id}`).toBeLessThanOrEqual(0);
    }
  });
});
