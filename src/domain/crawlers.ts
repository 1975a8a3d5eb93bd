/**
 * spec 6: crawlers and performance bots are recognised by user agent (search engines, lighthouse,
 * prerender) and are never shown the email lightbox, one-tap or other prompts. Pure.
 */

// "bot" as a word end covers Googlebot, bingbot, DuckDuckBot, Applebot, AdsBot, Twitterbot, ...
const CRAWLER_PATTERN =
  /bot\b|crawl|spider|slurp|lighthouse|speed|gtmetrix|pingdom|prerender|headless|externalhit|mediapartners|inspectiontool|preview|yandex|baidu/i;

/** True for search engines, link previewers, Lighthouse / PageSpeed and prerender services. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return CRAWLER_PATTERN.test(userAgent);
}
