/**
 * Refer-a-friend links (decision 021): `?raf=CODE` on any page records the open (spec 7
 * user/raf/stat/open) and the server keeps the code in the referral cookie (spec 3 cookies; spec 9:
 * 30 days) until the friend signs in or buys. The parameter is taken out of the address at once.
 */
export const REFERRAL_PARAM = 'raf';

/** The referral code a link carries, or null (8 letters and digits). */
export function referralCodeOf(url: URL): string | null {
  const code = url.searchParams.get(REFERRAL_PARAM)?.trim().toUpperCase() ?? '';
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}

export async function followReferralLink(
  location: URL = new URL(window.location.href),
  post: (body: unknown) => Promise<Response> = (body) =>
    fetch('/api/v1/user/raf/stat/open', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
): Promise<boolean> {
  const code = referralCodeOf(location);
  if (code === null) return false;
  const clean = new URL(location);
  clean.searchParams.delete(REFERRAL_PARAM);
  const channel = clean.searchParams.get('utm_source') ?? 'link';
  if (typeof window !== 'undefined') window.history.replaceState(window.history.state, '', clean);
  try {
    const response = await post({ code, channel: channel.slice(0, 40) });
    return response.ok;
  } catch {
    return false;
  }
}
