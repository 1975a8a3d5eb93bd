/** spec 6: crawlers and performance bots are recognised by user agent. */
import { describe, expect, it } from 'vitest';
import { isCrawler } from './crawlers';

describe('spec 6 crawler recognition', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 Chrome-Lighthouse', true],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Prerender (+https://github.com/prerender/prerender)',
      true,
    ],
    ['facebookexternalhit/1.1', true],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
      false,
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      false,
    ],
    ['', false],
  ])('%s → %s', (userAgent, crawler) => {
    expect(isCrawler(userAgent)).toBe(crawler);
  });
});
