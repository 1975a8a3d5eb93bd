/**
 * spec 2 layouts: account, checkout, deals, delete, gift, header-footer and login, each rendered as the
 * server renders it, with the landmarks and chrome a shopper relies on.
 */

import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRADING } from '../../src/domain/trading';
import AccountLayout from '../../src/layouts/AccountLayout.astro';
import CheckoutLayout from '../../src/layouts/CheckoutLayout.astro';
import DealsLayout from '../../src/layouts/DealsLayout.astro';
import DeleteLayout from '../../src/layouts/DeleteLayout.astro';
import GiftLayout from '../../src/layouts/GiftLayout.astro';
import HeaderFooterLayout from '../../src/layouts/HeaderFooterLayout.astro';
import LoginLayout from '../../src/layouts/LoginLayout.astro';
import type { HeaderData } from '../../src/server/catalog/header-types';
import { createContainer } from './support/container';

const header: HeaderData = {
  location: { shortName: 'glasgow', name: 'Glasgow' },
  nav: [
    {
      id: 'local-glasgow',
      shortName: 'glasgow',
      linkText: 'Glasgow',
      url: '/deals/glasgow',
      subNavigations: [],
      isLocal: true,
      isLocalLink: true,
      isLocationPlaceholder: false,
      isDefault: false,
      showPopover: true,
      showScotland: true,
    },
  ],
  travelNav: [],
  locations: [{ shortName: 'glasgow', name: 'Glasgow', region: 'Scotland' }],
  scottishMenu: [],
};

const seo = { title: 'Page', description: 'A page', canonical: 'http://localhost/page' };
const locals = {
  publicOrigin: 'http://localhost:4321',
  trading: DEMO_TRADING,
  brand: 'tuppence' as const,
  theme: 'christmas' as const,
  themeNow: new Date('2026-12-20T12:00:00Z'),
  user: null,
  rememberLocation: null,
  location: { shortName: 'glasgow', name: 'Glasgow' },
};

describe('layouts (spec 2)', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    // The header's search box is a React island.
    container = await createContainer();
  });

  const render = (
    component: Parameters<AstroContainer['renderToString']>[0],
    props: Record<string, unknown>,
    path = '/page',
    user: (typeof locals)['user'] | { firstName: string; email: string; isVip: boolean } = null,
  ) =>
    container.renderToString(component, {
      props,
      locals: { ...locals, user },
      request: new Request(`http://localhost${path}`),
      slots: { default: '<p>Page body</p>' },
    });

  it.each([
    ['header-footer', HeaderFooterLayout, { seo, header }],
    ['deals', DealsLayout, { seo, header }],
    ['gift', GiftLayout, { seo, header }],
  ] as const)('the %s layout has the full header, main content and footer', async (_name, layout, props) => {
    const html = await render(layout, props);
    expect(html).toContain('data-theme="christmas"');
    expect(html).toContain('lang="en-GB"');
    expect(html).toContain('Skip to main content');
    expect(html).toContain('aria-label="Deals menu"');
    expect(html).toMatch(/<main[^>]*id="main"/);
    expect(html).toContain('Page body');
    expect(html).toContain('<footer');
    expect(html).toContain('© 2026');
    // decision 042: the trading disclosures, from configuration.
    expect(html).toContain('company number 15482917');
    expect(html).toContain('Registered office: 2 Example Yard, London EC1A 4AB');
  });

  it('the account layout lists every account page and marks the current one', async () => {
    const html = await render(AccountLayout, { seo, header }, '/myaccount/wallet', {
      firstName: 'Ada',
      email: 'ada@example.co.uk',
      isVip: false,
    });
    for (const href of ['/myaccount/vouchers', '/myaccount/profile', '/myaccount/subscriptions', '/myaccount/delete']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toMatch(
      /href="\/myaccount\/wallet"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/myaccount\/wallet"/,
    );
  });

  it("a guest's order confirmation gets no account menu and no sign-in menu in the header", async () => {
    const html = await render(AccountLayout, { seo, header }, '/myaccount/vouchers');
    expect(html).not.toContain('aria-label="My account"');
    expect(html).not.toContain('href="/myaccount/profile"');
    expect(html).toContain('Guest order');
  });

  it.each([
    ['checkout', CheckoutLayout, {}],
    ['delete', DeleteLayout, {}],
    ['login', LoginLayout, { heading: 'Sign in' }],
  ] as const)('the %s layout is slim: no deals menu, still a way home', async (_name, layout, props) => {
    const html = await render(layout, { seo, ...props });
    expect(html).not.toContain('aria-label="Deals menu"');
    expect(html).toContain('href="/"');
    expect(html).toContain('Page body');
  });

  it('the checkout layout shows the pay-later legal text in its footer (spec 9 switch on by default)', async () => {
    const html = await render(CheckoutLayout, { seo });
    expect(html.toLowerCase()).toMatch(/pay.later|klarna|clearpay/);
  });
});
