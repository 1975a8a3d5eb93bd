/**
 * Whether a string is an absolute http(s) URL with no credentials, spaces or backslashes in it: the
 * only kind of address one app may send the shopper to (a provider's page, its way back to the shop).
 * A plain function, so the checkout island can check a redirect without bringing zod to the browser.
 */
export function isWebUrl(value: string): boolean {
  if (/[\s\\]/.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
}
