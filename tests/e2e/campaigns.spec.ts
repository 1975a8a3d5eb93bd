/**
 * Consent (spec 5; decision 025), campaign landings and their cookies (spec 9), the email-capture
 * lightbox (spec 2 / 6 / 9), double opt-in (spec 7 email, email/verify), /email/preferences and
 * one-click unsubscribe. These stories start from an empty browser: no consent answered yet.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { registerConfirmed } from './account-helpers';

test.use({ storageState: { cookies: [], origins: [] } });

const TAG_MANAGER = 'https://tags.example.test/gtm.js';
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

const cookie = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((candidate) => candidate.name === name);

/** Answers the tag manager locally and counts how often the page asked for it. */
async function countTagManagerLoads(page: Page): Promise<() => number> {
  let loads = 0;
  await page.route(TAG_MANAGER, (route) => {
    loads += 1;
    return route.fulfill({ contentType: 'text/javascript', body: 'window.google_tag_manager = {};' });
  });
  return () => loads;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Tuppence' });

test('spec 5: with marketing refused, /ppc?gclid= sets no marketing cookie and loads no tag manager', async ({
  page,
  context,
}) => {
  const tagLoads = await countTagManagerLoads(page);
  await page.goto('/ppc?gclid=abc&utm_source=google&utm_medium=cpc');
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await banner(page).getByRole('button', { name: 'Reject non-essential cookies' }).click();
  await expect(banner(page)).toBeHidden();
  expect((await cookie(context, 'consent'))?.value).toContain('C0004%3A0');

  // The same landing again, now with a choice made: the server is asked and sets nothing.
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/campaign'));
  await page.goto('/ppc?gclid=abc');
  expect((await answered).status()).toBe(200);
  for (const name of ['gclid', 'msclkid', 'awin', 'affiliate_source', 'user_source']) {
    expect(await cookie(context, name), name).toBeUndefined();
  }
  expect(tagLoads()).toBe(0);
  expect(await page.evaluate(() => (window as { dataLayer?: { event: string }[] }).dataLayer?.[0]?.event)).toBe(
    'page_view',
  );
});

test('spec 9: accepting marketing on /ppc?gclid=abc keeps the gclid cookie for 365 days; the tag manager loads', async ({
  page,
  context,
}) => {
  const tagLoads = await countTagManagerLoads(page);
  await page.goto('/ppc?gclid=abc');
  await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
  await expect.poll(async () => (await cookie(context, 'gclid'))?.value).toBe('abc');
  const gclid = await cookie(context, 'gclid');
  expect(gclid?.value).toBe('abc');
  const lifetime = (gclid?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 600);
  expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS);
  await expect.poll(tagLoads).toBe(1);
});

test('spec 5: the banner reopens from the footer with the choice remembered, and withdrawing marketing removes its cookies', async ({
  page,
  context,
  baseURL,
}) => {
  // A shopper who closed the email lightbox on an earlier visit.
  const host = new URL(baseURL ?? '').hostname;
  await context.addCookies([{ name: 'email_lightbox', value: '1', domain: host, path: '/' }]);
  await page.goto('/ppc?gclid=abc');
  await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
  await expect.poll(async () => (await cookie(context, 'gclid'))?.value).toBe('abc');

  await page.goto('/deals/london');
  await expect(banner(page)).toBeHidden();
  const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await settings.click();
  await expect(banner(page)).toBeVisible();
  await banner(page).getByText('Manage choices').click();
  const marketing = banner(page).getByRole('checkbox', { name: /Marketing/ });
  await expect(marketing).toBeChecked();
  // Escape closes a reopened banner, with focus back on the control that opened it.
  await page.keyboard.press('Escape');
  await expect(banner(page)).toBeHidden();
  await expect(settings).toBeFocused();

  await settings.click();
  await marketing.uncheck();
  await banner(page).getByRole('button', { name: 'Save my choices' }).click();
  await expect(banner(page)).toBeHidden();
  await expect(page).toHaveURL(/\/deals\/london$/);
  expect(await cookie(context, 'gclid')).toBeUndefined();
  expect((await cookie(context, 'consent'))?.value).toContain('C0004%3A0');
  expect((await cookie(context, 'consent'))?.value).toContain('C0002%3A1');
});

test('spec 5: the banner sits over the page without moving it, and reads well to a screen reader', async ({ page }) => {
  await page.goto('/deals/london');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(banner(page)).toBeVisible();
  // One prompt at a time: the email lightbox waits for the cookie choice.
  await expect(page.locator('dialog[data-email-capture]')).toHaveAttribute('data-decision', 'awaiting-consent');
  const before = await heading.boundingBox();
  await banner(page).getByText('Manage choices').click();
  await expect(banner(page).getByRole('group', { name: 'Choose which cookies we use' })).toBeVisible();
  expect(await heading.boundingBox()).toEqual(before);
  expect(await banner(page).evaluate((node) => getComputedStyle(node).position)).toBe('fixed');
  // Keyboard: Tab from the page's start reaches the banner's choices.
  await expect(banner(page).getByRole('button', { name: 'Reject non-essential cookies' })).toBeEnabled();
});

test('spec 5: a first-time visitor sees the banner with the first paint, before any bundled script runs', async ({
  page,
  context,
}) => {
  // Hold back every bundled script: what opens the banner now is the small inline opener alone
  // (the Content Security Policy names its hash), so the banner does not wait for the page's modules.
  await page.route('**/_astro/*.js', (route) => route.abort());
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/');
  await expect(banner(page)).toBeVisible();
  expect(await banner(page).evaluate((node) => node.matches(':popover-open'))).toBe(true);
  expect(refused).toEqual([]);
  // With a choice stored the opener leaves it closed.
  await context.addCookies([{ name: 'consent', value: 'groups%3DC0001%3A1%2CC0004%3A0', url: page.url() }]);
  await page.goto('/');
  await expect(banner(page)).toBeHidden();
});

test('spec 2 / 7: a guest sees the lightbox, signs up, and the emailed link makes the address subscribed', async ({
  page,
  context,
}) => {
  await page.goto('/deals/london');
  await banner(page).getByRole('button', { name: 'Accept all cookies' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Get the best deals first' });
  await expect(lightbox).toBeVisible();

  await lightbox.getByLabel('Email address').fill('not-an-email');
  await lightbox.getByRole('button', { name: 'Sign me up' }).click();
  // spec 5 / 8: the sign-up's invalid-email words (docs/decisions/060).
  await expect(lightbox.getByRole('alert')).toHaveText('Invalid Email. Please enter a valid email address');
  const email = uniqueEmail('lightbox');
  await lightbox.getByLabel('Email address').fill(email);
  await lightbox.getByRole('button', { name: 'Sign me up' }).click();
  await expect(lightbox.getByRole('status')).toContainText('check your inbox');
  await lightbox.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(lightbox).toBeHidden();

  await page.goto('/dev/mailbox');
  await page
    .getByRole('listitem')
    .filter({ hasText: email })
    .getByRole('link', { name: 'Confirm your Tuppence deals emails' })
    .click();
  const text = (await page.locator('pre').textContent()) ?? '';
  const link = text.match(/https?:\/\/\S+\/email\/verify\?\S+/)?.[0] ?? '';
  expect(link).toContain(`email=${encodeURIComponent(email)}`);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'You’re subscribed' })).toBeVisible();
  expect((await cookie(context, 'brand_user'))?.value).toBe('subscribed');

  // Preferences from the signed link, without signing in.
  await page.getByRole('link', { name: 'Choose what we send you' }).click();
  await expect(page.getByRole('heading', { name: 'Email preferences' })).toBeVisible();
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await page.getByRole('checkbox', { name: /Travel and escapes/ }).uncheck();
  await page.getByRole('radio', { name: 'Once a month' }).check();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status')).toHaveText('Your email preferences are saved.');
  await expect(page.getByRole('checkbox', { name: /Travel and escapes/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Once a month' })).toBeChecked();

  // One click from a mail client: a cross-site POST with no Origin, as RFC 8058 describes.
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  const oneClick = await page.request.post(`/email/unsubscribe?token=${encodeURIComponent(token)}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
    headers: { Accept: '*/*' },
  });
  expect(oneClick.status()).toBe(200);
  await page.goto(page.url());
  await expect(page.getByText('You’re unsubscribed.')).toBeVisible();

  // A subscribed shopper (brand cookie) is never shown the lightbox again.
  await page.goto('/deals/london');
  await expect(page.locator('dialog[data-email-capture]')).toHaveAttribute('data-decision', 'brand-cookie');
});

test('spec 2 / 6: never on /checkout, never when signed in', async ({ page, context }) => {
  await page.goto('/checkout');
  await expect(page.locator('dialog[data-email-capture]')).toHaveCount(0);

  await registerConfirmed(context.request, {
    firstName: 'Ada',
    email: uniqueEmail('lightbox.signed'),
    password: 'Sunshine1',
  });
  await page.goto('/deals/london');
  await expect(page.locator('dialog[data-email-capture]')).toHaveAttribute('data-decision', 'signed-in');
});

test('/welcome is the configured campaign landing, not indexed and without the lightbox', async ({ page }) => {
  await page.goto('/welcome?utm_source=newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Tuppence' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('region', { name: 'Today’s top deals' }).getByRole('article').first()).toBeVisible();
  await expect(page.locator('dialog[data-email-capture]')).toHaveCount(0);
});
