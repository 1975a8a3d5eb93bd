/**
 * Every page type is valid HTML and passes axe (decision 061): html-validate (its recommended rules, less
 * the stylistic ones decision 061 names, in .htmlvalidaterc.json) reads the HTML the server sends for one
 * page of each type: a guest's (support's operator pages among them, which hold no data of their own), a
 * signed-in shopper's with a line in the basket (the checkout) and a merchant owner's dashboard; axe
 * audits the same pages at a phone's width (375 px) and a desktop's (1280 px), every finding whatever
 * its impact, with WCAG 2.2's target size (2.5.8) among them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { type ConfigData, HtmlValidate } from 'html-validate';
import { registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';
import { buyableDeal, galleryDeal, hotelStayDeal } from './deal-fixtures';
import { becomeOwner, PASSWORD } from './merchant-helpers';
import { uniqueEmail } from './shopping';

const config = JSON.parse(readFileSync(path.resolve('.htmlvalidaterc.json'), 'utf8')) as ConfigData;
const validator = new HtmlValidate(config);

/** One page of each type a guest sees (spec 2 page types). */
const PUBLIC_PAGES = [
  '/',
  '/deals/london',
  '/deals/london/beauty',
  `/deal/${galleryDeal.id}`,
  `/deal/${hotelStayDeal.id}`,
  '/travel',
  '/shop',
  '/escapes',
  '/search?q=spa',
  '/near-me',
  '/locations',
  '/map-view',
  '/guides',
  '/faqs',
  '/merchantfaqs',
  '/page/about-us',
  '/page/e-commerceterms',
  '/refer-a-friend',
  '/ppc',
  '/welcome',
  '/deals/vip',
  '/?site=vip',
  '/gifts',
  '/giftcard',
  '/login',
  '/register',
  '/forgot-password',
  '/wishlist',
  '/recently-viewed',
  '/operator/merchants',
  '/operator/orders',
  '/operator/promotions',
  '/operator/reviews',
];

/** A signed-in shopper's pages (spec 2 My account), the checkout with a line in the basket among them. */
const ACCOUNT_PAGES = [
  '/myaccount',
  '/myaccount/profile',
  '/myaccount/vouchers',
  '/myaccount/wallet',
  '/myaccount/payment-methods',
  '/myaccount/addresses',
  '/myaccount/credit',
  '/myaccount/password',
  '/myaccount/delete',
  '/myaccount/gifts',
  '/myaccount/rewards',
  '/myaccount/subscriptions',
  '/myaccount/refer-a-friend',
  '/insights',
  '/extend',
  '/buy-again',
  '/wishlist',
  '/checkout',
];

/** The merchant dashboard's pages (decision 024) for the buyable deal's merchant. */
const merchantPages = (id: number) =>
  ['', '/redeem', '/bookings', '/prices', '/reports', '/returns', '/shipping', '/team'].map(
    (part) => `/merchant/${id}${part}`,
  );

/** Fails (softly, so every page is reported) with each page's html-validate messages, as "line:column rule: message (selector)". */
async function expectValidHtml(request: APIRequestContext, paths: string[], status = 200): Promise<void> {
  for (const pagePath of paths) {
    const response = await request.get(pagePath);
    expect(response.status(), pagePath).toBe(status);
    const report = await validator.validateString(await response.text(), `${pagePath}.html`);
    const messages = report.results.flatMap((result) =>
      result.messages.map((m) => `${m.line}:${m.column} ${m.ruleId}: ${m.message} (${m.selector ?? ''})`),
    );
    expect.soft(messages, `html-validate on ${pagePath}`).toEqual([]);
  }
}

/** Fails (softly) with every axe finding on each page at this width, whatever its impact. */
async function expectNoAxeFindings(page: Page, width: number, paths: string[]): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  for (const pagePath of paths) {
    await page.goto(pagePath);
    await expect(page.locator('h1').first()).toBeAttached();
    const results = await new AxeBuilder({ page })
      // WCAG 2.2 2.5.8: every target at least 24 by 24 CSS px, or spaced as if it were.
      .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
      .analyze();
    const findings = results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
    expect.soft(findings, `axe at ${width} px on ${pagePath}`).toEqual([]);
  }
}

/** A signed-in shopper with the buyable deal's option in the basket, who owns the deal's merchant. */
async function shopperOwningMerchant(page: Page, baseURL: string | undefined): Promise<void> {
  const email = uniqueEmail('valid-html');
  await registerConfirmed(page.request, { firstName: 'Vali', lastName: 'Dator', email, password: PASSWORD });
  const added = await page.request.post(`/deal/${buyableDeal.id}?_action=addToBasket`, {
    // A browser's form post names its origin; Astro refuses cross-site form posts without one.
    headers: { Origin: new URL(baseURL ?? '').origin },
    form: { dealId: String(buyableDeal.id), productId: String(buyableDeal.product.id), quantity: '1' },
    maxRedirects: 0,
  });
  expect(added.status(), 'the basket took the option').toBe(303);
  await becomeOwner(page, email, buyableDeal.merchantId);
}

const SIGNED_IN_PAGES = [...ACCOUNT_PAGES, '/merchant', ...merchantPages(buyableDeal.merchantId)];

// The checks are apart, so the two workers share them.
test.describe.configure({ mode: 'parallel' });

test('every page type a guest sees is valid HTML', async ({ request }) => {
  test.setTimeout(60_000);
  const guide = (await (await request.get('/guides')).text()).match(/href="(\/guides\/[\w-]+)"/)?.[1];
  expect(guide, 'a guide on /guides').toBeTruthy();
  await expectValidHtml(request, [...PUBLIC_PAGES, `${guide}`]);
  await expectValidHtml(request, ['/no-such-page'], 404);
});

test('every page type a shopper and a merchant owner see is valid HTML', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await shopperOwningMerchant(page, baseURL);
  await expectValidHtml(page.request, SIGNED_IN_PAGES);
});

/** Each audit takes a page load and an axe run, so the sample is audited in parts the two workers share. */
const half = Math.ceil(PUBLIC_PAGES.length / 2);
const AUDITS = [
  { who: "a guest's pages (first half)", pages: PUBLIC_PAGES.slice(0, half), signedIn: false },
  { who: "a guest's pages (second half)", pages: PUBLIC_PAGES.slice(half), signedIn: false },
  { who: "a signed-in shopper's pages", pages: ACCOUNT_PAGES, signedIn: true },
  { who: "a merchant owner's pages", pages: ['/merchant', ...merchantPages(buyableDeal.merchantId)], signedIn: true },
];

for (const width of [375, 1280]) {
  for (const { who, pages, signedIn } of AUDITS) {
    test(`${who} pass axe at ${width} px`, async ({ page, baseURL }) => {
      test.setTimeout(90_000);
      if (signedIn) await shopperOwningMerchant(page, baseURL);
      await expectNoAxeFindings(page, width, pages);
    });
  }
}
