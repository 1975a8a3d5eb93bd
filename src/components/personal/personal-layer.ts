/**
 * One entry for the personal layer (issue 21.1, 21.2): the hearts (and the wish list page's Remove
 * all) and the deal page's recently viewed record. One module graph, so the browser loads one chunk.
 */
import type { RecentLocationType } from '@/domain/recently-viewed';
import { recordView } from '@/stores/recently-viewed';
import { initWishlistHearts } from './wishlist-hearts';

let started = false;

export function startPersonalLayer(): void {
  if (started) return;
  started = true;
  // A deal page marks itself with data-recent-view (its id) and data-location-type (server-rendered).
  const marker = document.querySelector<HTMLElement>('[data-recent-view]');
  if (marker) recordView(Number(marker.dataset.recentView), marker.dataset.locationType as RecentLocationType);
  initWishlistHearts();
}
