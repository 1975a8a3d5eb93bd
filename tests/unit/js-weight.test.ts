/**
 * The bench's first-load count (scripts/bench/js-weight.ts, decisions 065 and 068): what a page loads
 * before the shopper scrolls or acts. Islands that wait to be seen or touched leave their component out,
 * and React's client (the renderer) counts only when some island starts it as the page loads.
 */
import { describe, expect, it } from 'vitest';
import { scriptsOf } from '../../scripts/bench/js-weight';

const island = (client: string, component: string) =>
  `<astro-island uid="x" component-url="/_astro/${component}.js" renderer-url="/_astro/client.js" client="${client}" ssr=""></astro-island>`;

describe('scriptsOf, first load', () => {
  it.each([
    ['interact', []],
    ['visible', ['/_astro/client.js']],
    ['idle', ['/_astro/SearchBox.js', '/_astro/client.js']],
    ['load', ['/_astro/SearchBox.js', '/_astro/client.js']],
  ])('a client:%s search box counts %j', (client, urls) => {
    expect(scriptsOf(island(client, 'SearchBox'), true).urls.sort()).toEqual([...urls].sort());
  });

  it('a page whose islands all wait for a touch loads neither their components nor React', () => {
    const html = `<script type="module" src="/_astro/site.js"></script>${island('interact', 'SearchBox')}${island('interact', 'RailCarousel')}`;
    expect(scriptsOf(html, true).urls).toEqual(['/_astro/site.js']);
  });

  it('one island at load brings React for every island, but not the waiting components', () => {
    const html = `${island('interact', 'DealGallery')}${island('idle', 'UserMenu')}`;
    expect(scriptsOf(html, true).urls.sort()).toEqual(['/_astro/UserMenu.js', '/_astro/client.js']);
  });

  it('everything the page can load still counts every island and the renderer', () => {
    const html = `${island('interact', 'DealGallery')}${island('visible', 'ProductChooser')}`;
    expect(scriptsOf(html).urls.sort()).toEqual([
      '/_astro/DealGallery.js',
      '/_astro/ProductChooser.js',
      '/_astro/client.js',
    ]);
  });
});
