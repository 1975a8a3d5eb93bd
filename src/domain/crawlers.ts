/**
 * spec 6: crawlers and performance bots are recognised by user agent (search engines, lighthouse,
 * prerender) and are never shown the email lightbox, one-tap or other prompts. Pure.
 */

const CRAWLER_PATTERN = new RegExp(
  [
    'googlebot',
    'google-inspectiontool',
    'adsbot-google',
    'mediapartners-google',
    'bingbot',
    'bingpreview',
    'slurp',
    'duckduckbot',
    'baiduspider',
    'yandex',
    'applebot',
    'facebookexternalhit',
    'twitterbot',
    'linkedinbot',
    'pinterestbot',
    'semrushbot',
    'ahrefsbot',
    'petalbot',
    'chrome-lighthouse',
    'lighthouse',
    'pagespeed',
    'gtmetrix',
    'pingdom',
    'prerender',
    'headlesschrome',
    'bot\\b',
    'crawler',
    'spider',
  ].join('|'),
  'i',
);

/** True for search engines, link previewers, Lighthouse / PageSpeed and prerender services. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return CRAWLER_PATTERN.test(userAgent);
}
