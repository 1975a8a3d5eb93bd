/**
 * One entry for the personal layer (decision 022): the hearts (and the wish list page's Remove
 * all) and the deal page's recently viewed record. One module graph, so the browser loads one chunk.
 */

import { recordSponsored, sponsoredSession } from '@/components/search/sponsored-client';
import type { RecentLocationType } from '@/domain/recently-viewed';
import { sponsoredAdOf } from '@/domain/sponsored';
import { recordView } from '@/stores/recently-viewed';
import { initWishlistHearts } from './wishlist-hearts';

let started = false;

async function recordSponsoredClick(adId: string, dealId: number): Promise<void> {
  const sessionId = await sponsoredSession();
  if (sessionId !== null) await recordSponsored({ sessionId, type: 'click', adIds: [adId], dealIds: [dealId] });
}

export function startPersonalLayer(): void {
  if (started) return;
  started = true;
  // A deal page marks itself with data-recent-view (its id) and data-location-type (server-rendered).
  const marker = document.querySelector<HTMLElement>('[data-recent-view]');
  if (marker) {
    const dealId = Number(marker.dataset.recentView);
    recordView(dealId, marker.dataset.locationType as RecentLocationType);
    // spec 4: a deal opened from a sponsored card records the click.
    const adId = sponsoredAdOf(new URLSearchParams(location.search).get('usr_src'));
    if (adId !== null) void recordSponsoredClick(adId, dealId);
  }
  initWishlistHearts();
}
