/**
 * spec 7 content/scroller-configuration (query brand) and spec 9 "Carousel interval 9000 ms"
 * (decision 033): how the home rails move by themselves. The home page renders this into the rails
 * (so they need no call), and GET /api/v1/content/scroller-configuration answers the same.
 */
import type { Brand } from './brands';

/** spec 9: carousel interval. */
export const CAROUSEL_INTERVAL_MS = 9000;

export interface ScrollerConfiguration {
  brand: Brand;
  /** Rails advance by themselves (never under prefers-reduced-motion). */
  autoplay: boolean;
  intervalMs: number;
  /** Paused while the pointer is over a rail or focus is in it. */
  pauseOnHover: boolean;
  /** Back to the first card after the last. */
  loop: boolean;
  /** The home rails that move: their ids (DealRail's `id`). */
  rails: string[];
}

/** The home page's moving rails; the personal rails (filled per shopper) stay still. */
const MOVING_RAILS = ['popular', 'new-products', 'early-bird', 'shop'];

export function scrollerConfiguration(brand: Brand): ScrollerConfiguration {
  return {
    brand,
    autoplay: true,
    intervalMs: CAROUSEL_INTERVAL_MS,
    pauseOnHover: true,
    loop: true,
    rails: MOVING_RAILS,
  };
}

/**
 * Which card an autoplaying rail shows next: the next one, back to the first after the
 * last when the rail loops, or none (stay) when it does not or when every card is already in view.
 * `selected` and `last` are the carousel's snap indexes. Pure, so the island and its test agree.
 */
export function nextRailIndex(selected: number, last: number, loop: boolean): number | null {
  if (last <= 0) return null;
  if (selected >= last) return loop ? 0 : null;
  return selected + 1;
}

/**
 * Where a Previous / Next press goes: a page of cards, as many as are fully in view
 * (at least one), stopping at the ends.
 */
export function pageRailIndex(selected: number, last: number, inView: number, direction: -1 | 1): number {
  return Math.min(last, Math.max(0, selected + direction * Math.max(1, inView)));
}
