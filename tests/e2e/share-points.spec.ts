/**
 * Points for sharing (decision 027 "Points for sharing"; spec 3 shareDealData, spec 6, spec 7 POST
 * club engagement, spec 9 share popup 550x600) as a shopper meets them: a guest's share opens the
 * network's share page in the popup and is neither kept nor sent; once signed in, her share is sent
 * in a batch, cleared from the browser, and shows on the rewards page. The share script's store
 * loads only when a share happens, never with the deal page.
 */

import { expect, type Page, test } from '@playwright/test';
import { ENGAGEMENT_POINTS } from '../../src/domain/loyalty';
import { registerConfirmed } from './account-helpers';
import { buyableDeal, priceableDeals } from './deal-fixtures';
import { uniqueEmail } from './shopping';

const STORE_ENTRY = 'tuppence:share-deal-data';

/** Notes each window.open instead of opening one (the share pages are on the internet, out of the test's reach). */
async function notePopups(page: Page) {
  await page.addInitScript(() => {
    const opened: string[][] = [];
    Object.assign(window, { openedPopups: opened });
    window.open = (url?: string | URL, target?: string, features?: string) => {
      opened.push([String(url), target ?? '', features ?? '']);
      return null;
    };
  });
}

const popups = (page: Page) => page.evaluate(() => (window as unknown as { openedPopups: string[][] }).openedPopups);

/** Scripts the page has loaded, by file name. */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );

for (const width of [375, 1280]) {
  test(`spec 6 and 7 at ${width} px: a guest's share is not sent; a member's share earns the rewards page's points`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await notePopups(page);
    const sentBodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/reward/bulkPublishEvents')) sentBodies.push(request.postDataJSON());
    });

    // A guest shares on Facebook: spec 9's popup opens the share page for this deal.
    await page.goto(`/deal/${buyableDeal.id}`);
    const share = page.getByRole('region', { name: 'Share this deal' });
    await expect(share.getByRole('button', { name: 'Share', exact: true })).toBeHidden();
    expect((await loadedScripts(page)).filter((name) => name.includes('club-engagement'))).toEqual([]);
    await share.getByRole('link', { name: 'Share on Facebook' }).click();
    await expect.poll(() => popups(page)).toHaveLength(1);
    const [guestPopup] = await popups(page);
    expect(guestPopup?.[0]).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/);
    expect(guestPopup?.[2]).toContain('width=550,height=600');
    await expect.poll(() => loadedScripts(page)).toContainEqual(expect.stringContaining('club-engagement'));
    expect(await page.evaluate((key) => localStorage.getItem(key), STORE_ENTRY)).toBeNull();

    // Signed in, she shares another deal on X: it is sent, and the browser keeps nothing after.
    await registerConfirmed(page.request, {
      firstName: 'Sha',
      lastName: 'Rer',
      email: uniqueEmail(`share-${width}`),
      password: 'Sunshine1',
    });
    const sharedDealId = priceableDeals[38]?.dealId ?? 0;
    await page.goto(`/deal/${sharedDealId}`);
    const answer = page.waitForResponse((response) => response.url().includes('/api/v1/reward/bulkPublishEvents'));
    await page.getByRole('region', { name: 'Share this deal' }).getByRole('link', { name: 'Share on X' }).click();
    expect((await answer).status()).toBe(200);
    expect(sentBodies).toEqual([{ shareDeal: [{ dealId: sharedDealId, publisherSource: 'x' }], viewDeal: [] }]);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORE_ENTRY)).toBe('[]');

    await page.goto('/myaccount/rewards');
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(activity.getByRole('listitem').filter({ hasText: `Shared deal ${sharedDealId}` })).toContainText(
      `+${ENGAGEMENT_POINTS.shareDeal}`,
    );
    await expect(
      page.getByText(/for each deal you share \(once a deal a day, for up to \d+ deals shared a day\)/),
    ).toBeVisible();
  });
}
