/** The error page (spec 8: "An unexpected error occured. Please try again later."), rendered as the server renders it. */
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_TRADING } from '../../src/domain/trading';
import ErrorPage from '../../src/pages/500.astro';

describe('error page', () => {
  it('tells the shopper something went wrong, in the spec’s words, without leaking the error', async () => {
    const container = await AstroContainer.create();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = await container.renderToString(ErrorPage, {
      props: { error: new Error('connection refused to 10.0.0.5 as shop_admin') },
      locals: {
        publicOrigin: 'http://localhost:4321',
        trading: DEMO_TRADING,
        brand: 'fivepm',
        theme: 'fivepm',
        themeNow: new Date('2026-07-01'),
        user: null,
        rememberLocation: null,
        location: { shortName: 'london', name: 'London' },
      },
      request: new Request('http://localhost/deals/london'),
    });
    logged.mockRestore();
    expect(html).toContain('An unexpected error occured. Please try again later.');
    expect(html).toContain('data-brand="fivepm"');
    expect(html).toContain('noindex');
    expect(html).not.toContain('shop_admin');
  });
});
