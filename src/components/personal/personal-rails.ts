/**
 * Fills the home page's personal rails (decision 022) from /partials/personal-rail, once the page is
 * idle. Buy again only for a signed-in shopper (the readable user_logged_in cookie); Recently Viewed
 * and Recommended for you from the ids this browser keeps. A failure leaves the rail hidden: the
 * rest of the page never depends on it.
 */
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { readRecentIds } from './recent-ids';

let started = false;

function signedIn(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${IDENTITY_COOKIES.userLoggedIn}=true`);
}

async function fill(slot: HTMLElement): Promise<void> {
  const rail = slot.dataset.personalRail;
  const viewed = readRecentIds(15);
  if (rail === 'buy-again' && !signedIn()) return;
  if (rail !== 'buy-again' && viewed.length === 0 && !(rail === 'recommended' && signedIn())) return;
  const query = new URLSearchParams({ rail: rail ?? '' });
  if (rail !== 'buy-again' && viewed.length > 0) query.set('viewed', viewed.join(','));
  try {
    const response = await fetch(`/partials/personal-rail?${query}`, { credentials: 'same-origin' });
    if (response.status !== 200) return;
    const html = await response.text();
    if (html.trim() === '') return;
    slot.innerHTML = html;
    slot.hidden = false;
  } catch (error) {
    console.warn(`[rails] ${rail ?? 'personal'} rail not loaded`, error);
  }
}

export function fillPersonalRails(): void {
  if (started) return;
  started = true;
  const run = () => {
    for (const slot of document.querySelectorAll<HTMLElement>('[data-personal-rail]')) void fill(slot);
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}
