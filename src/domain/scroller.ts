/**
 * spec 7 content/scroller-configuration (query brand) and spec 9 "Carousel interval 9000 ms"
 * (issue 21.6): how the home rails move by themselves. The home page renders this into the rails
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
 * Where an autoplaying rail goes next: one card on, back to the start after the end (loop), or
 * nowhere when the whole row is visible. Pure, so the browser script and its test agree.
 */
export function nextScrollLeft(
  view: { scrollLeft: number; clientWidth: number; scrollWidth: number; step: number },
  loop: boolean,
): number | null {
  const max = view.scrollWidth - view.clientWidth;
  if (max <= 1) return null;
  if (view.scrollLeft >= max - 1) return loop ? 0 : null;
  return Math.min(max, view.scrollLeft + Math.max(1, view.step));
}
