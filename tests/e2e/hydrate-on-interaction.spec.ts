/**
 * Islands in view at load wake on the shopper's first touch (client:interact, decision 068): a fresh
 * browse page asks for none of React before then, and what the shopper does first still works: the
 * header search box takes what is typed straight after focus, and the arrow keys, the suggestion and
 * Enter; the deal gallery's buttons are there by the time the keyboard reaches them. The deal page's
 * option chooser is a working form before React (decision 071): an option and a quantity chosen
 * before React has arrived are what Buy now buys, the island takes them over when it starts, and with
 * JavaScript off the form posts them too.
 */
import { expect, type Page, test } from '@playwright/test';
import { galleryDeal, secondOptionDeal } from './deal-fixtures';

/** @astrojs/react's browser client (the renderer every React island needs). */
const REACT_CLIENT = /\/_astro\/client\.[\w-]+\.js$/;
const SEARCH_BOX_CHUNK = /\/_astro\/SearchBox\.[\w-]+\.js$/;
const CHOOSER_CHUNK = /\/_astro\/ProductChooser\.[\w-]+\.js$/;
const SECOND_OPTION = new RegExp(secondOptionDeal.second.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Holds back React's download until the returned function is called. */
async function holdReact(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(REACT_CLIENT, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

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

/** Presses the deal page's Buy now and answers what the form posted to the basket. */
async function buyNowPosts(page: Page): Promise<URLSearchParams> {
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('?_action=addToBasket')),
    page.locator('form#buy-now').getByRole('button', { name: 'Buy now' }).click(),
  ]);
  return new URLSearchParams(request.postData() ?? '');
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

test('spec 5: a deal page asks for no React before a touch, and the option and quantity chosen before React arrives are bought', async ({
  page,
}) => {
  const asked = scriptsAskedFor(page);
  await page.goto(`/deal/${secondOptionDeal.id}`, { waitUntil: 'networkidle' });
  await settled(page);
  expect(asked.filter((url) => REACT_CLIENT.test(url) || CHOOSER_CHUNK.test(url))).toEqual([]);
  const chooser = page.locator('astro-island[component-url*="ProductChooser"]');
  await expect(chooser).toHaveAttribute('ssr', '');

  // The shopper's touch starts React's download; it never arrives here, so the plain form is what buys.
  await holdReact(page);
  await page.getByRole('radio', { name: SECOND_OPTION }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('3');
  await expect(chooser).toHaveAttribute('ssr', '');
  const posted = await buyNowPosts(page);
  expect(posted.getAll('productId')).toEqual([String(secondOptionDeal.second.id)]);
  expect(posted.getAll('quantity')).toEqual(['3']);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Your basket' })).toBeVisible();
});

test('the chooser takes over the option and quantity chosen before it hydrated', async ({ page }) => {
  await page.goto(`/deal/${secondOptionDeal.id}`, { waitUntil: 'networkidle' });
  const chooser = page.locator('astro-island[component-url*="ProductChooser"]');
  const release = await holdReact(page);
  const second = page.getByRole('radio', { name: SECOND_OPTION });
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await second.check();
  await quantity.fill('2');
  // The stepper's buttons do nothing without React: unseen until it runs.
  await expect(page.getByRole('button', { name: 'Increase quantity' })).toBeHidden();
  await expect(chooser).toHaveAttribute('ssr', '');
  release();
  await expect(chooser).not.toHaveAttribute('ssr', /.*/);

  // The island's state is what the shopper set: the option stays chosen, the bar names it, the
  // quantity is kept and its buttons now count from it.
  await expect(second).toBeChecked();
  await expect(quantity).toHaveValue('2');
  // (The bar is a phone's: on this wide screen it is not shown, but it is drawn from the island's state.)
  await expect(page.locator('.buy-bar__option')).toHaveText(secondOptionDeal.second.title);
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('3');
  const posted = await buyNowPosts(page);
  expect(posted.getAll('productId')).toEqual([String(secondOptionDeal.second.id)]);
  expect(posted.getAll('quantity')).toEqual(['3']);
});

test('with JavaScript off the deal page form posts the option and quantity chosen', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/deal/${secondOptionDeal.id}`);
  await page.getByRole('radio', { name: SECOND_OPTION }).check();
  await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
  const posted = await buyNowPosts(page);
  expect(posted.getAll('productId')).toEqual([String(secondOptionDeal.second.id)]);
  expect(posted.getAll('quantity')).toEqual(['2']);
  await expect(page).toHaveURL(/\/checkout$/);
  await context.close();
});
