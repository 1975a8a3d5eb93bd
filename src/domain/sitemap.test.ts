/** Sitemaps: files of at most 50,000 URLs (sitemaps.org), entity-escaped, with an index over them. */
import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  MAX_URLS_PER_SITEMAP,
  parseSitemapFile,
  renderSitemapIndex,
  renderUrlset,
  sitemapFileCount,
  sitemapPath,
  splitSitemap,
} from './sitemap';

describe('splitSitemap', () => {
  it('splits a 120,001-URL list into 3 files of at most 50,000', () => {
    const urls = Array.from({ length: 120_001 }, (_, i) => `https://example.test/deal/${i}`);
    const files = splitSitemap(urls);
    expect(files).toHaveLength(3);
    expect(files.map((f) => f.length)).toEqual([50_000, 50_000, 20_001]);
    expect(files.flat()).toEqual(urls);
    expect(sitemapFileCount(urls.length)).toBe(3);
  });

  it.each([
    [0, 1],
    [1, 1],
    [MAX_URLS_PER_SITEMAP, 1],
    [MAX_URLS_PER_SITEMAP + 1, 2],
    [150_000, 3],
  ])('%i URLs need %i file(s)', (count, files) => {
    expect(sitemapFileCount(count)).toBe(files);
    expect(splitSitemap(Array.from({ length: count }, (_, i) => i))).toHaveLength(files);
  });

  it('refuses a file size below 1', () => {
    expect(() => splitSitemap(['a'], 0)).toThrow(RangeError);
  });
});

describe('escapeXml', () => {
  it.each([
    ['https://x.test/search?q=spa&page=2', 'https://x.test/search?q=spa&amp;page=2'],
    [`<a href="x">it's</a>`, '&lt;a href=&quot;x&quot;&gt;it&apos;s&lt;/a&gt;'],
    ['plain', 'plain'],
  ])('%s', (input, escaped) => {
    expect(escapeXml(input)).toBe(escaped);
  });
});

describe('rendering', () => {
  it('renders a urlset with escaped locations and lastmod', () => {
    const xml = renderUrlset([{ loc: 'https://x.test/a?b=1&c=2', lastmod: '2026-11-01' }, { loc: 'https://x.test/' }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-11-01</lastmod></url>');
    expect(xml).toContain('<url><loc>https://x.test/</loc></url>');
  });

  it('renders a sitemap index', () => {
    const xml = renderSitemapIndex([{ loc: 'https://x.test/sitemaps/deals-1.xml' }]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<sitemap><loc>https://x.test/sitemaps/deals-1.xml</loc></sitemap>');
  });
});

describe('sitemap file names', () => {
  it.each([
    ['deals-1.xml', { kind: 'deals', page: 1 }],
    ['deals-12.xml', { kind: 'deals', page: 12 }],
    ['content-1.xml', { kind: 'content', page: 1 }],
    ['deals-0.xml', null],
    ['deals-01.xml', null],
    ['users-1.xml', null],
    ['deals.xml', null],
    ['deals-1.xml.gz', null],
  ])('%s -> %o', (file, expected) => {
    expect(parseSitemapFile(file)).toEqual(expected);
  });

  it('builds paths the parser reads back', () => {
    expect(sitemapPath('deals', 2)).toBe('/sitemaps/deals-2.xml');
    expect(parseSitemapFile('deals-2.xml')).toEqual({ kind: 'deals', page: 2 });
  });
});
