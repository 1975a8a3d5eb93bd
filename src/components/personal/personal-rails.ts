/**
 * Fills the home page's personal rails (decision 022) from the $featuredDeals store, which asks
 * /partials/personal-rail once the page is idle. Before asking, the store's Buy again flag decides
 * whether Buy again's place is held with a loading placeholder (aria-busy) while the featured deals
 * are UNCOMPLETE, so a shopper without Buy again deals never sees an empty rail come and go
 * (decision 057). A rail with nothing, or that failed, stays hidden: the rest of the page never
 * depends on it.
 */
import { IDENTITY_COOKIES } from '@/domain/cookies';
import {
  $featuredDeals,
  type FeaturedDealsState,
  type FeaturedRail,
  loadFeaturedDeals,
  startFeaturedDeals,
  VIEWED_IDS_SENT,
} from '@/stores/featured-deals';
import { readRecentIds } from './recent-ids';

let started = false;

function signedIn(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${IDENTITY_COOKIES.userLoggedIn}=true`);
}

function isFeaturedRail(rail: string | undefined): rail is FeaturedRail {
  return rail === 'buy-again' || rail === 'recently-viewed' || rail === 'recommended';
}

/** One slot as the state says: the rail's cards, its placeholder while it is expected, or nothing. */
function render(slot: HTMLElement, rail: FeaturedRail, state: FeaturedDealsState): void {
  slot.dataset.featuredDeals = state.featuredDealsLoaded;
  const html = state.railHtml[rail];
  if (html !== undefined) {
    if (slot.dataset.filled !== 'true') {
      slot.innerHTML = html;
      slot.dataset.filled = 'true';
    }
    slot.hidden = false;
    return;
  }
  const placeholder = slot.querySelector<HTMLElement>('[data-rail-placeholder]');
  const holding = rail === 'buy-again' && state.featuredDealsLoaded === 'UNCOMPLETE' && state.expectsBuyAgain;
  if (placeholder) placeholder.hidden = !holding;
  slot.hidden = !holding;
}

export function fillPersonalRails(): void {
  if (started) return;
  started = true;
  const slots = [...document.querySelectorAll<HTMLElement>('[data-personal-rail]')].flatMap((slot) => {
    const rail = slot.dataset.personalRail;
    return isFeaturedRail(rail) ? [{ slot, rail }] : [];
  });
  const isSignedIn = signedIn();
  startFeaturedDeals({ signedIn: isSignedIn });
  $featuredDeals.subscribe((state) => {
    for (const { slot, rail } of slots) render(slot, rail, state);
  });
  const run = () =>
    void loadFeaturedDeals({
      rails: slots.map(({ rail }) => rail),
      signedIn: isSignedIn,
      viewed: readRecentIds(VIEWED_IDS_SENT),
    });
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}
