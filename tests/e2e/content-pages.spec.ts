/**
 * Content pages (decision 023; spec 2 Content routes): every help, legal, FAQ and guide link in the
 * footer and the account menu answers 200 with its own title and description, the e-commerce terms
 * have their three anchors, the FAQs are searchable with FAQPage JSON-LD, and the sitemap index lists
 * the content pages' sitemap @astrojs/sitemap wrote.
 */

import { expect, test } from '@playwright/test';
import { AxeBuilder } from './axe';

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '';
const descriptionOf = (html: string) => html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? '';

test('every help, legal, FAQ and guide link in the footer answers 200 with its own title and description', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const hrefs = await page
    .locator('footer nav[aria-label="Footer"] a, footer a[href^="/page/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const content = [...new Set(hrefs)].filter((href) =>
    /^\/(page\/|faqs|merchantfaqs|guides|refer-a-friend)/.test(href),
  );
  expect(content.length).toBeGreaterThanOrEqual(12);
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const href of content) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    const html = await response.text();
    titles.add(titleOf(html));
    descriptions.add(descriptionOf(html));
    expect(descriptionOf(html).length, `${href} has a description`).toBeGreaterThan(40);
  }
  // Each page has its own title and description, not a shared default.
  expect(titles.size).toBe(content.length);
  expect(descriptions.size).toBe(content.length);
});

test('every content page spec 2 lists exists; the pay-later FAQ only while its switch is on (off by default)', async ({
  request,
}) => {
  const slugs = [
    'about-us',
    'termsofuse',
    'privacypolicy',
    'e-commerceterms',
    'internetsafety',
    'uk-modern-slavery-act-transparency-statement',
    'regulated-finance-complaints.html',
    'regulated-finance-disclosure.html',
    'takedown-policy',
    'admin-fee',
    'wallet-credit-info',
    'wallet-terms-of-use',
    'gift-card-terms',
    'business-faq',
    'promo',
    'apps',
  ];
  for (const slug of slugs) expect((await request.get(`/page/${slug}`)).status(), slug).toBe(200);
  for (const path of ['/refer-a-friend', '/guides/affiliates-tuppence', '/faqs', '/merchantfaqs', '/guides']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
  expect((await request.get('/page/pay-later-faq')).status()).toBe(404);
  expect((await request.get('/page/no-such-page')).status()).toBe(404);
  // Only the two spec 2 slugs that end in .html are served with it.
  expect((await request.get('/page/termsofuse.html')).status()).toBe(404);
  expect((await request.get('/guides/affiliates-nobody')).status()).toBe(404);
});

test('the e-commerce terms have the vip, protect-my-voucher and voucher-validity-extensions anchors', async ({
  page,
}) => {
  await page.goto('/page/e-commerceterms#protect-my-voucher');
  await expect(page.getByRole('heading', { level: 1, name: 'E-commerce terms' })).toBeVisible();
  const anchors = [
    ['vip', 'VIP'],
    ['protect-my-voucher', 'Protect my voucher'],
    ['voucher-validity-extensions', 'Voucher validity extensions'],
  ] as const;
  for (const [id, name] of anchors) {
    await expect(page.locator(`h2#${id}`)).toHaveText(name);
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name })).toHaveAttribute(
      'href',
      `#${id}`,
    );
  }
  await expect(page.locator('h2#protect-my-voucher')).toBeInViewport();
});

test('the account menu\'s "Need help" and the refer-a-friend page lead somewhere real', async ({ page }) => {
  await page.goto('/refer-a-friend');
  await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
  await expect(page.getByText('you can both get up to £200')).toBeVisible();
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and FAQs' })).toBeVisible();
});

test('a shopper searches the FAQs as they type, and the same search works as a link without JavaScript', async ({
  page,
  request,
}) => {
  await page.goto('/faqs');
  const questions = page.locator('details[data-faq-item]:visible');
  const all = await questions.count();
  expect(all).toBeGreaterThan(10);
  await page.getByLabel('Search the questions').fill('extend');
  await expect(page.getByText(/question(s)? match/)).toBeVisible();
  await expect(page.getByText('My voucher is about to expire. Can I extend it?')).toBeVisible();
  await expect(page.getByText('Which payment methods can I use?')).toBeHidden();
  await page.getByLabel('Search the questions').fill('zebra crossing');
  await expect(page.getByText('No questions match your search.')).toBeVisible();

  const html = await (await request.get('/faqs?q=gift')).text();
  expect(html).toContain('I have been sent a gift. How do I claim it?');
  expect(html).toMatch(/<details[^>]*hidden[^>]*>\s*<summary[^>]*>Which payment methods can I use\?/);
  const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1] ?? '{}');
  expect(jsonLd['@type']).toBe('FAQPage');
  expect(jsonLd.mainEntity.length).toBe(all);

  const merchants = await (await request.get('/merchantfaqs')).text();
  expect(merchants).toContain('"@type":"FAQPage"');
  expect(merchants).toContain('How do I check a voucher is genuine?');
});

test("the sitemap index lists the content pages' sitemap and the guides' beside the catalogue's", async ({
  request,
}) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  expect(files).toEqual(
    expect.arrayContaining(['/sitemap-pages-0.xml', '/sitemaps/guides-1.xml', '/sitemaps/deals-1.xml']),
  );
  const pages = await request.get('/sitemap-pages-0.xml');
  expect(pages.status()).toBe(200);
  const xml = await pages.text();
  for (const path of ['/page/termsofuse', '/page/e-commerceterms', '/faqs', '/merchantfaqs', '/refer-a-friend']) {
    expect(xml).toContain(`${path}</loc>`);
  }
  expect(xml).not.toContain('/page/pay-later-faq');
  expect(xml).not.toContain('/checkout');
  const guides = await (await request.get('/sitemaps/guides-1.xml')).text();
  expect(guides).toContain('/guides/best-afternoon-tea-in-london</loc>');
  expect(guides).not.toContain('/guides/afternoon-tea-london<');
});

// One page a test: axe on a loaded 2-core machine takes many seconds a page.
for (const path of ['/page/e-commerceterms', '/faqs']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious).toEqual([]);
  });
}
