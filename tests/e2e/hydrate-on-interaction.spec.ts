/**
 * Islands in view at load wake on the shopper's first touch (client:interact, decision 068): a fresh
 * browse page asks for none of React before then, and what the shopper does first still works: the
 * header search box takes what is typed straight after focus, and the arrow keys, the suggestion and
 * Enter; the deal gallery's buttons are there by the time the keyboard reaches them.
 */
import { expect, type Page, test } from '@playwright/test';
import { galleryDeal } from './deal-fixtures';

/** @astrojs/react's browser client (the renderer every React island needs). */
const REACT_CLIENT = /\/_astro\/client\.[\w-]+\.js$/;
const SEARCH_BOX_CHUNK = /\/_astro\/SearchBox\.[\w-]+\.js$/;

/** Every script URL the page asks for, as it asks. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') asked.push(new URL(request.url()).pathname);
  });
  return asked;
}

/** The page has loaded, its idle work has run and the network has gone quiet. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.waitForLoadState('networkidle');
}

for (const pathname of ['/deals/london', '/search?q=spa']) {
  test(`${pathname}: no React before the shopper touches the page; the search box works by keyboard right after focus`, async ({
    page,
  }) => {
    const asked = scriptsAskedFor(page);
    await page.goto(pathname, { waitUntil: 'networkidle' });
    await settled(page);
    expect(asked.filter((url) => REACT_CLIENT.test(url) || SEARCH_BOX_CHUNK.test(url))).toEqual([]);
    await expect(page.locator('astro-island[component-url*="SearchBox"]')).toHaveAttribute('ssr', '');

    // Focus wakes the box; the shopper types at once, before React has arrived (its download is held
    // back until the typing is done, so what is typed surely lands in the server's plain input).
    let typed = () => {};
    const typing = new Promise<void>((resolve) => {
      typed = resolve;
    });
    await page.route(REACT_CLIENT, async (route) => {
      await typing;
      await route.continue();
    });
    const box = page.getByRole('combobox', { name: 'Search Tuppence' });
    await box.focus();
    await box.fill('');
    await box.pressSequentially('afterno');
    await expect(page.locator('astro-island[component-url*="SearchBox"]')).toHaveAttribute('ssr', '');
    typed();
    await expect(page.locator('astro-island[component-url*="SearchBox"]')).not.toHaveAttribute('ssr', /.*/);
    expect(asked.some((url) => REACT_CLIENT.test(url))).toBe(true);
    // What was typed is kept, focus stayed in the box, and the suggestions for it come.
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('afterno');
    const suggestions = page.getByRole('group', { name: 'Suggestions' }).getByRole('option');
    await expect(suggestions.first()).toHaveText('afternoon');
    await box.press('ArrowDown');
    await expect(suggestions.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=afternoon$/);
  });
}

test('the deal gallery wakes when the keyboard reaches it, and its Next button is there to press', async ({ page }) => {
  await page.goto(`/deal/${galleryDeal.id}`);
  const gallery = page.getByRole('region', { name: /^Pictures of/ });
  // The first picture is the server's, eager and first in line, before anything hydrates.
  const first = gallery.getByRole('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(page.locator('astro-island[component-url*="DealGallery"]')).toHaveAttribute('ssr', '');

  // Tabbing into the strip wakes it: the buttons are there by the time the keyboard moves on.
  await gallery.locator('.deal-gallery__viewport').focus();
  const next = gallery.getByRole('button', { name: 'Next picture' });
  await expect(next).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(gallery.getByText(/^Picture 2 of \d+$/)).toBeAttached();
  await next.press('Enter');
  await expect(gallery.getByText(/^Picture 3 of \d+$/)).toBeAttached();
});
