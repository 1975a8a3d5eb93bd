/**
 * spec 6: one-tap shows only for guests, on the ordinary pages (decision 055). Rendered as the server
 * renders the header-footer layout that home, listings and deal pages use: offered where configured
 * and on a browsing page, never on the checkout or an account page, and never without a configured
 * script; which visitor is a guest the browser decides (the script loads only without the signed-in
 * cookie), as these pages are cached.
 */

import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRADING } from '../../src/domain/trading';
import HeaderFooterLayout from '../../src/layouts/HeaderFooterLayout.astro';
import { createContainer } from './support/container';
import { EMPTY_LONDON_HEADER } from './support/empty-header';

const header = EMPTY_LONDON_HEADER;
const oneTap = { clientId: 'client.apps.example', scriptUrl: 'https://accounts.google.com/gsi/client' };

describe('Google one-tap in the header-footer layout (spec 6)', () => {
  let container: AstroContainer;
  beforeAll(async () => {
    container = await createContainer();
  });

  const render = (path: string, configured: typeof oneTap | null) =>
    container.renderToString(HeaderFooterLayout, {
      props: { seo: { title: 'Page', description: 'A page', canonical: `http://localhost${path}` }, header },
      locals: {
        publicOrigin: 'http://localhost:4321',
        trading: DEMO_TRADING,
        brand: 'tuppence',
        theme: 'tuppence',
        themeNow: new Date('2026-11-29T12:00:00Z'),
        user: null,
        rememberLocation: null,
        location: { shortName: 'london', name: 'London' },
        googleOneTap: configured,
      },
      request: new Request(`http://localhost${path}`),
      slots: { default: '<p>Page body</p>' },
    });

  it.each(['/', '/deals/london', '/deal/31000001/spa-day-for-two', '/search'])(
    'is offered to a guest on %s, its script left for the browser to add',
    async (path) => {
      const html = await render(path, oneTap);
      expect(html).toContain('data-one-tap="https://accounts.google.com/gsi/client"');
      expect(html).toContain('data-client_id="client.apps.example"');
      // Never a script element in the markup: a signed-in visitor's browser never fetches it.
      expect(html).not.toContain('<script src="https://accounts.google.com');
    },
  );

  it.each(['/checkout', '/myaccount/vouchers'])('is never offered on %s', async (path) => {
    expect(await render(path, oneTap)).not.toContain('data-one-tap');
  });

  it('is not offered at all without a configured one-tap script (the stand-in has none)', async () => {
    expect(await render('/', null)).not.toContain('data-one-tap');
  });
});
