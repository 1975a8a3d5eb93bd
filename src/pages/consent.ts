/**
 * POST /consent: the cookie banner's form (spec 5; decision 025). A plain form post, so the choice
 * works without JavaScript: it stores the consent cookie (182 days), applies or removes the
 * marketing cookies of the landing it was made on, and sends the shopper back where they were
 * (303, same site only).
 */
import type { APIRoute } from 'astro';
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_DAYS,
  formatConsent,
  OPTIONAL_CATEGORIES,
  type OptionalCategory,
} from '@/domain/consent';
import { isSecureCookieContext } from '@/domain/cookies';
import { applyCampaignCookies } from '@/server/http';

/** The page to go back to: the Referer when it is on this site, else the home page. */
function backTo(request: Request, url: URL): { path: string; search: string } {
  try {
    const referer = new URL(request.headers.get('referer') ?? '', url);
    if (referer.origin === url.origin) return { path: referer.pathname, search: referer.search };
  } catch {
    // No or unreadable Referer: home.
  }
  return { path: '/', search: '' };
}

export const POST: APIRoute = async ({ request, url, cookies, redirect }) => {
  const form = await request.formData().catch(() => null);
  const choice = String(form?.get('choice') ?? '');
  const picked = new Set((form?.getAll('categories') ?? []).map(String));
  const allowed = (category: OptionalCategory) =>
    choice === 'all' ? true : choice === 'none' ? false : picked.has(category);
  if (!['all', 'none', 'custom'].includes(choice)) {
    return new Response('Choose accept, reject or save your choices.', { status: 400 });
  }
  const value = formatConsent(
    Object.fromEntries(OPTIONAL_CATEGORIES.map((category) => [category, allowed(category)])) as Record<
      OptionalCategory,
      boolean
    >,
  );
  cookies.set(CONSENT_COOKIE, value, {
    path: '/',
    maxAge: CONSENT_LIFETIME_DAYS * 24 * 60 * 60,
    sameSite: 'lax',
    secure: isSecureCookieContext(url),
    httpOnly: false,
  });
  const back = backTo(request, url);
  // The landing's parameters: kept by the page when the shopper moved on before choosing, else the page's own.
  const landing = String(form?.get('landing') ?? '').slice(0, 2000) || back.search;
  applyCampaignCookies(cookies, url, landing, value);
  return redirect(`${back.path}${back.search}`, 303);
};
