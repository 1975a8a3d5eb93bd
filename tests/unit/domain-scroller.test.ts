/** spec 7 content/scroller-configuration and spec 9 carousel interval (decision 033). */
import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, nextRailIndex, pageRailIndex, scrollerConfiguration } from '@/domain/scroller';

describe('spec 9: the home rails move every 9000 ms', () => {
  it('configures the shared home rails to move, looping and paused on hover', () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(9000);
    expect(scrollerConfiguration('vip')).toEqual({
      brand: 'vip',
      autoplay: true,
      intervalMs: 9000,
      pauseOnHover: true,
      loop: true,
      rails: ['popular', 'new-products', 'early-bird', 'shop'],
    });
  });
});

describe('where an autoplaying rail goes next (embla snap indexes)', () => {
  it('one card on, never past the last', () => {
    expect(nextRailIndex(0, 16, true)).toBe(1);
    expect(nextRailIndex(15, 16, true)).toBe(16);
  });
  it('back to the first card after the last when looping, else it stays', () => {
    expect(nextRailIndex(16, 16, true)).toBe(0);
    expect(nextRailIndex(16, 16, false)).toBeNull();
  });
  it('a row that fits (one snap) does not move', () => {
    expect(nextRailIndex(0, 0, true)).toBeNull();
  });
});

describe('Previous and Next move a page of cards', () => {
  it('as many cards as are in view, stopping at the ends', () => {
    expect(pageRailIndex(0, 16, 4, 1)).toBe(4);
    expect(pageRailIndex(14, 16, 4, 1)).toBe(16);
    expect(pageRailIndex(2, 16, 4, -1)).toBe(0);
  });
  it('at least one card when none is wholly in view (a narrow phone)', () => {
    expect(pageRailIndex(3, 16, 0, 1)).toBe(4);
  });
});
