/**
 * The home rails are embla carousels (decision 033) that move by themselves (spec 7
 * content/scroller-configuration, spec 9 carousel interval 9000 ms), on the browser's clock run
 * forward by the test, not by waiting. The island hydrates when the shopper first points at, touches or
 * tabs into the rail, or, as these rails move by themselves, a while after the page has loaded (client:interact,
 * decision 068); never for the first paint.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';

/** How far the first card has moved left of the rail's viewport (0 at the start). */
const shift = (rail: Locator) =>
  rail.evaluate((el) => {
    const viewport = el.querySelector('.rail__viewport')?.getBoundingClientRect().left ?? 0;
    const first = el.querySelector('.rail__item')?.getBoundingClientRect().left ?? 0;
    return Math.round(viewport - first);
  });

test('spec 9: a home rail moves on one card after 9000 ms, and its Pause button stops it', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="popular"]');
  await rail.scrollIntoViewIfNeeded();
  // Untouched, the rail is still the server's list at load, and wakes a while after the load event.
  await expect(rail.locator('astro-island')).toHaveAttribute('ssr', '');
  await page.clock.runFor(6_000);
  // The island hydrated: embla runs the rail and the buttons appear.
  await expect(rail.locator('[data-carousel="ready"]')).toBeAttached();
  const pause = rail.getByRole('button', { name: /^Pause Popular in/ });
  await expect(pause).toBeVisible();
  await page.mouse.move(0, 0);
  expect(await shift(rail)).toBe(0);

  await page.clock.runFor(9_500);
  await expect.poll(() => shift(rail)).toBeGreaterThan(0);

  await pause.click();
  await expect(rail.getByRole('button', { name: /^Play Popular in/ })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  await page.clock.runFor(1_000);
  const held = await shift(rail);
  await page.clock.runFor(20_000);
  expect(await shift(rail)).toBe(held);
});

test('the pointer over a rail holds it; Next and the arrow keys move it by hand', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="new-products"]');
  await rail.scrollIntoViewIfNeeded();
  // The pointer reaching the rail wakes it, before it can press Next.
  await rail.locator('.rail__viewport').hover();
  await expect(rail.locator('[data-carousel="ready"]')).toBeAttached();
  await page.clock.runFor(20_000);
  expect(await shift(rail)).toBe(0);

  const next = rail.getByRole('button', { name: 'Next New Products' });
  await next.click();
  await expect.poll(() => shift(rail)).toBeGreaterThan(0);
  await rail.getByRole('button', { name: 'Previous New Products' }).click();
  await expect.poll(() => shift(rail)).toBe(0);

  await rail.getByRole('list', { name: 'New Products' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => shift(rail)).toBeGreaterThan(0);
  await page.keyboard.press('Home');
  await expect.poll(() => shift(rail)).toBe(0);
});

test('prefers-reduced-motion: the rails never move by themselves', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="popular"]');
  await rail.scrollIntoViewIfNeeded();
  await rail.locator('.rail__viewport').hover();
  await expect(rail.locator('[data-carousel="ready"]')).toBeAttached();
  await expect(rail.getByRole('button', { name: /^Next Popular in/ })).toBeVisible();
  await expect(rail.getByRole('button', { name: /^Pause/ })).toBeHidden();
  await page.mouse.move(0, 0);
  await page.clock.runFor(30_000);
  expect(await shift(rail)).toBe(0);
});

test('without JavaScript a rail is the same list of deal cards, scrolling natively', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const list = page.getByRole('list', { name: /^Popular in/ });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await list.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
  await context.close();
});

/**
 * Whether the focus ring is painted on each side of the rail's first card (DealCard: a 3 px outline
 * 2 px out): the pixel in the middle of the ring's width, halfway along each side, in the ring's
 * colour. What the page shows, read off a screenshot, so a rail that clips the ring fails.
 */
async function ringShownAround(
  page: Page,
  rail: Locator,
): Promise<Record<'top' | 'right' | 'bottom' | 'left', boolean>> {
  const card = rail.locator('.rail__item').first().locator('> *').first();
  const box = await card.boundingBox();
  if (box === null) throw new Error('no card');
  const colour = await card.evaluate((el) => getComputedStyle(el).outlineColor);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  const margin = 12;
  const clip = { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin };
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scale = info.width / clip.width;
  const ringAt = (x: number, y: number) => {
    const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * 3;
    return [data[at], data[at + 1], data[at + 2]].every(
      (value, i) => Math.abs((value ?? 0) - ([r, g, b][i] ?? 0)) < 40,
    );
  };
  const ring = margin - 3.5; // the middle of the outline, 2 to 5 px outside the card
  return {
    top: ringAt(clip.width / 2, ring),
    right: ringAt(clip.width - ring, clip.height / 2),
    bottom: ringAt(clip.width / 2, clip.height - ring),
    left: ringAt(ring, clip.height / 2),
  };
}

test('WCAG 2.4.7: a focused card in a rail shows its focus ring whole, before and after the carousel starts', async ({
  page,
}) => {
  const whole = { top: true, right: true, bottom: true, left: true };
  await page.clock.install();
  await page.goto('/');
  const rail = page.locator('[data-rail="popular"]');
  await rail.scrollIntoViewIfNeeded();
  const firstCard = rail.locator('.rail__item a').first();
  // The server's list, scrolling natively.
  await expect(rail.locator('astro-island')).toHaveAttribute('ssr', '');
  await firstCard.focus();
  // Polled: the page may still be settling (pictures, the personal rails) between measure and shot.
  await expect.poll(() => ringShownAround(page, rail)).toEqual(whole);
  // Embla runs the rail and its viewport clips.
  await page.clock.runFor(6_000);
  await expect(rail.locator('[data-carousel="ready"]')).toBeAttached();
  await firstCard.focus();
  // Polled: the page may still be settling (pictures, the personal rails) between measure and shot.
  await expect.poll(() => ringShownAround(page, rail)).toEqual(whole);
});

test('spec 7: GET content/scroller-configuration answers the rails’ configuration', async ({ request }) => {
  const response = await request.get('/api/v1/content/scroller-configuration?brand=vip');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ brand: 'vip', autoplay: true, intervalMs: 9000, pauseOnHover: true });
  expect((await request.get('/api/v1/content/scroller-configuration?brand=nope')).status()).toBe(400);
});
