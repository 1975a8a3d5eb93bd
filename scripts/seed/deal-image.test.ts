import { describe, expect, it } from 'vitest';
import {
  DEAL_IMAGE_THEMES,
  dealImagePath,
  dealImageSeed,
  isDealImageTheme,
  parseDealImagePath,
  renderDealImageSvg,
} from './deal-image';

describe('renderDealImageSvg', () => {
  it('draws the same picture every time for the same deal image', () => {
    const first = renderDealImageSvg({ theme: 'spa', seed: 31000001, width: 800, height: 500 });
    const second = renderDealImageSvg({ theme: 'spa', seed: 31000001, width: 800, height: 500 });
    expect(second).toBe(first);
  });

  it('is a self-contained, accessible SVG of the requested size', () => {
    const svg = renderDealImageSvg({
      theme: 'afternoon-tea',
      seed: 7,
      width: 400,
      height: 250,
      label: 'Afternoon tea at The Willow Rooms, Glasgow',
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toContain('width="400"');
    expect(svg).toContain('height="250"');
    expect(svg).toContain('viewBox="0 0 800 500"');
    expect(svg).toContain('role="img"');
    expect(svg).toContain('<title>Afternoon tea at The Willow Rooms, Glasgow</title>');
    // No fetched fonts, linked images or scripts: the picture works offline and in <img>.
    expect(svg).not.toMatch(/<text|<image|<script|href=|@import|url\((?!#)/);
  });

  it('escapes the label so a merchant name cannot break the markup', () => {
    const svg = renderDealImageSvg({
      theme: 'restaurant',
      seed: 1,
      width: 800,
      height: 500,
      label: 'Fish & Chips at "Bob\'s" <Diner>',
    });
    expect(svg).toContain('Fish &amp; Chips at &quot;Bob&apos;s&quot; &lt;Diner&gt;');
  });

  it.each(DEAL_IMAGE_THEMES)('renders the %s theme as a small, balanced SVG', (theme) => {
    const svg = renderDealImageSvg({ theme, seed: 31000123, width: 800, height: 500 });
    expect(svg.length).toBeGreaterThan(600);
    expect(svg.length).toBeLessThan(4096);
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).not.toMatch(/NaN|undefined/);
    // Every opened element is closed, either self-closing or with its end tag.
    for (const tag of ['g', 'defs', 'linearGradient', 'pattern', 'title']) {
      const opened = svg.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
      const closed = svg.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
      expect(closed, tag).toBe(opened);
    }
  });

  it.each(DEAL_IMAGE_THEMES)('gives two deals in the %s theme different pictures', (theme) => {
    const a = renderDealImageSvg({ theme, seed: 1, width: 800, height: 500 });
    const b = renderDealImageSvg({ theme, seed: 2, width: 800, height: 500 });
    expect(a).not.toBe(b);
  });
});

describe('deal image paths', () => {
  it('round-trips a deal image path', () => {
    const path = dealImagePath('travel-beach', 31000042, 2);
    expect(path).toBe('/images/deals/travel-beach/31000042-2.svg');
    expect(parseDealImagePath(path)).toEqual({ theme: 'travel-beach', dealId: 31000042, position: 2 });
  });

  it.each([
    '/images/deals/unknown/31000042-0.svg',
    '/images/deals/spa/abc-0.svg',
    '/images/deals/spa/1-0.png',
    '/images/deals/../spa/1-0.svg',
  ])('rejects %s', (path) => {
    expect(parseDealImagePath(path)).toBeNull();
  });

  it('knows its themes', () => {
    expect(isDealImageTheme('spa')).toBe(true);
    expect(isDealImageTheme('Spa')).toBe(false);
    expect(isDealImageTheme(42)).toBe(false);
  });

  it('seeds each picture of a deal differently', () => {
    expect(dealImageSeed(31000001, 0)).not.toBe(dealImageSeed(31000001, 1));
    expect(dealImageSeed(31000001, 0)).not.toBe(dealImageSeed(31000002, 0));
  });
});
