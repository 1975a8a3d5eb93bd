/**
 * The header's account area and basket link as the server renders them (spec 2 "account mini menu",
 * spec 4 basket count; decision 067): shared cached pages carry nothing personal and no React for
 * either. "Sign in", an empty "Basket, 0 items" link, and the signed-in menu in a <template> that the
 * header's script (account-menu.ts) fills in for a signed-in shopper.
 */

import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRADING } from '../../src/domain/trading';
import HeaderFooterLayout from '../../src/layouts/HeaderFooterLayout.astro';
import { createContainer } from './support/container';
import { EMPTY_LONDON_HEADER } from './support/empty-header';

const header = EMPTY_LONDON_HEADER;

describe("the header's account area and basket count (decision 067)", () => {
  let container: AstroContainer;
  beforeAll(async () => {
    // The header's search box is still a React island.
    container = await createContainer();
  });

  /** The page as the server renders it, less the attributes the test build stamps (source locations, scoping). */
  const render = async (
    user: { firstName: string; email: string; isVip: boolean } | null,
    slots: Record<string, string> = {},
  ): Promise<string> => {
    const html = await container.renderToString(HeaderFooterLayout, {
      props: { seo: { title: 'Page', description: 'A page', canonical: 'http://localhost/' }, header },
      locals: {
        publicOrigin: 'http://localhost:4321',
        trading: DEMO_TRADING,
        brand: 'tuppence',
        theme: 'tuppence',
        themeNow: new Date('2026-11-29T12:00:00Z'),
        user,
        rememberLocation: null,
        location: { shortName: 'london', name: 'London' },
      },
      request: new Request('http://localhost/'),
      slots: { default: '<p>Page body</p>', ...slots },
    });
    return html.replace(/\s+data-astro-(?:source-file|source-loc|cid-\w+)(?:="[^"]*")?/g, '');
  };

  const area = (html: string): string =>
    html.slice(html.indexOf('data-account-area'), html.indexOf('data-basket-link'));

  it('renders "Sign in" and the basket link without React islands', async () => {
    const html = await render(null);
    expect(area(html)).toMatch(/<a class="account-link"[^>]*href="\/login"[^>]*>[\s\S]*?Sign in<\/span>\s*<\/a>/);
    expect(html).toMatch(
      /<a class="header-icon header-icon--basket[^"]*" href="\/checkout" data-basket-link[^>]*>[\s\S]*?>Basket, 0 items<\/span>\s*<span class="basket-count[^"]*" data-basket-count aria-hidden="true"><\/span>/,
    );
    expect(html).not.toMatch(/component-url="[^"]*(UserMenu|BasketCount)/);
  });

  it('keeps the signed-in menu in a template: spec 2 items in order, Logout a form, the same ids', async () => {
    const template = /<template data-account-menu>([\s\S]*?)<\/template>/.exec(await render(null))?.[1] ?? '';
    expect(template).toContain('<details class="account-menu__details" name="header-popover">');
    expect(template).toMatch(/<summary class="account-link" aria-controls="account-menu-panel">/);
    expect(template).toContain('id="account-menu-panel"');
    expect(template).toContain('<span class="account-link__hi">Hi, </span><span data-account-name></span>');
    expect(template).toContain('<span class="account-menu__vip">VIP</span>');
    const entries = [...template.matchAll(/<li[^>]*>[\s\S]*?<\/li>/g)].map((li) =>
      li[0].replace(/<[^>]+>/g, '').trim(),
    );
    expect(entries).toEqual([
      'My Vouchers',
      'View Account Details',
      'My Subscriptions',
      'My Wallet',
      'Claim a gift',
      'Refer a friend',
      'Need help',
      'Logout',
      'Change Location',
    ]);
    expect(template).toMatch(
      /<form method="post" action="\/logout\?_action=logout">\s*<button type="submit">Logout<\/button>/,
    );
  });

  it('carries nothing personal when a shopper is signed in (the page is cached for everyone)', async () => {
    const html = await render({ firstName: 'Ada', email: 'ada@example.co.uk', isVip: true });
    expect(area(html)).toContain('Sign in');
    expect(html).not.toContain('Ada');
    expect(html).not.toContain('ada@example.co.uk');
  });

  it("gives way to a layout's account and basket slots", async () => {
    const html = await render(null, {
      account: '<span class="account-link">Guest order</span>',
      basket: '<span>No basket here</span>',
    });
    expect(html).toContain('Guest order');
    expect(html).toContain('No basket here');
    expect(html).not.toContain('data-account-area');
    expect(html).not.toContain('data-basket-link');
  });
});
