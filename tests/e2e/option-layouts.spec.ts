/**
 * spec 3 productDisplay.type (docs/decisions/053): a shopper on a 2x2 or claim-2x2 deal sees its
 * options as tiles two to a row, on a phone and on a desktop, and chooses one with the keyboard as
 * in the plain list: one radio group, the same names, a visible focus, targets of at least 24 px
 * (WCAG 2.2 2.5.8).
 */

import { expect, type Page, test } from '@playwright/test';
import { generateCatalogue } from '../../scripts/seed/generate';
import { DEFAULT_SEED, DEFAULT_SEED_DEALS } from '../../scripts/seed/index';
import { AxeBuilder } from './axe';

/** The e2e server seeds the default catalogue deterministically, so generating it here gives its deals. */
const catalogue = generateCatalogue({ deals: DEFAULT_SEED_DEALS, seed: DEFAULT_SEED, now: new Date() });

/**
 * A live, non-travel deal of this layout with 4+ options whose first two anyone may choose (not
 * VIP-only, stock left, no cap of 0).
 */
function dealLaidOutAs(type: '2x2' | 'claim-2x2'): { id: number; titles: string[] } {
  const stock = new Map(catalogue.dealProductStock.map((s) => [s.productId, s]));
  const dated = new Set(catalogue.dealProductNights.map((n) => n.productId));
  const choosable = (p: (typeof catalogue.dealProducts)[number]) => {
    const left = stock.get(p.id);
    return !p.vipExclusive && p.purchaseCap !== 0 && left?.quantityRemaining !== 0 && left?.remainingForDay !== 0;
  };
  for (const deal of catalogue.deals) {
    if (deal.productDisplayType !== type || deal.status !== 'live' || deal.isTravel || deal.purchaseCap === 0) continue;
    if (deal.closingDate.getTime() < Date.now() + 86_400_000) continue;
    const options = catalogue.dealProducts
      .filter((p) => p.dealId === deal.id && p.visibility === 'visible' && !p.disabled)
      .sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.id - b.id);
    if (options.length < 4 || options.some((p) => dated.has(p.id)) || !options.slice(0, 2).every(choosable)) continue;
    return { id: deal.id, titles: options.map((p) => p.title) };
  }
  throw new Error(`No seeded ${type} deal to choose from`);
}

const tiled = dealLaidOutAs('2x2');
const claimed = dealLaidOutAs('claim-2x2');

/** The chooser acts once the island has hydrated (Astro drops its ssr flag then). */
async function chooserReady(page: Page): Promise<void> {
  // The chooser hydrates on the shopper's first touch (decision 071): point at its options, then wait.
  const island = page.locator('astro-island[component-url*="ProductChooser"]');
  await island.locator('.chooser__options').hover();
  await expect(island).not.toHaveAttribute('ssr', /.*/);
}

/** The first four tiles' boxes: two to a row, the second row below the first. */
async function expectTwoTilesPerRow(page: Page, layout: string): Promise<void> {
  const tiles = page.locator(`section.options--${layout} .chooser__option`);
  const boxes = await Promise.all([0, 1, 2, 3].map((i) => tiles.nth(i).boundingBox()));
  const [a, b, c, d] = boxes.map((box) => {
    if (!box) throw new Error('a tile is not shown');
    // WCAG 2.2 2.5.8: each tile (its radio's label, the whole of it clickable) is at least 24 by 24.
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    return box;
  });
  if (!a || !b || !c || !d) throw new Error('fewer than four tiles');
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(b.x).toBeGreaterThan(a.x + a.width - 1);
  expect(Math.abs(c.x - a.x)).toBeLessThan(1);
  expect(c.y).toBeGreaterThanOrEqual(a.y + a.height);
  expect(Math.abs(c.y - d.y)).toBeLessThan(1);
}

for (const width of [375, 1280]) {
  test(`spec 3 productDisplay.type: a 2x2 deal shows two tiles per row at ${width} px, chosen by keyboard`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/deal/${tiled.id}`);
    await expect(page.getByRole('heading', { name: 'Choose your option', exact: true })).toBeVisible();
    await chooserReady(page);
    await expectTwoTilesPerRow(page, '2x2');

    // One radio group, each radio named by its option's title (and price), as in the plain list.
    const group = page.getByRole('group', { name: 'Options' });
    const radios = group.getByRole('radio');
    await expect(radios).toHaveCount(tiled.titles.length);
    for (const [i, title] of tiled.titles.entries()) {
      await expect(radios.nth(i)).toHaveAccessibleName(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    await expect(radios.first()).toBeChecked();
    await radios.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect(radios.nth(1)).toBeChecked();
    await expect(radios.nth(1)).toBeFocused();
    // The focused tile wears the focus ring around it.
    const second = page.locator('section.options--2x2 .chooser__option').nth(1);
    await expect(second).toHaveCSS('outline-style', 'solid');
    // The radios are the Buy now form's productId fields (decision 071): the checked one is posted.
    await expect(page.locator('input[form="buy-now"][name="productId"]:checked')).toHaveValue(
      (await radios.nth(1).getAttribute('value')) ?? '',
    );

    const results = await new AxeBuilder({ page }).include('section.options').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    await page.locator('section.options').screenshot({ path: `/tmp/shots/option-layouts-2x2-${width}.png` });
  });

  test(`spec 3 productDisplay.type: a claim-2x2 deal's tiles say claim at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/deal/${claimed.id}`);
    await expect(page.getByRole('heading', { name: 'Choose your option to claim' })).toBeVisible();
    await chooserReady(page);
    await expectTwoTilesPerRow(page, 'claim-2x2');
    const tile = page.locator('section.options--claim-2x2 .chooser__option').first();
    expect(await tile.evaluate((el) => getComputedStyle(el, '::after').content)).toContain('Claim');
    // The claim wording is drawn, not named: each radio's name is its option's, as in the plain list.
    const radios = page.getByRole('group', { name: 'Options' }).getByRole('radio');
    await expect(radios.first()).not.toHaveAccessibleName(/Claim this/);
    const results = await new AxeBuilder({ page }).include('section.options').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    await page.locator('section.options').screenshot({ path: `/tmp/shots/option-layouts-claim-2x2-${width}.png` });
  });
}
