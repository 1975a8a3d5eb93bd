/** spec 7 content/scroller-configuration and spec 9 carousel interval (issue 21.6). */
import { describe, expect, it } from 'vitest';
import { CAROUSEL_INTERVAL_MS, nextScrollLeft, scrollerConfiguration } from '@/domain/scroller';

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

describe('where an autoplaying rail goes next', () => {
  const view = { clientWidth: 1000, scrollWidth: 3000, step: 260 };
  it('one card on, never past the end', () => {
    expect(nextScrollLeft({ ...view, scrollLeft: 0 }, true)).toBe(260);
    expect(nextScrollLeft({ ...view, scrollLeft: 1900 }, true)).toBe(2000);
  });
  it('back to the first card after the last when looping, else it stays', () => {
    expect(nextScrollLeft({ ...view, scrollLeft: 2000 }, true)).toBe(0);
    expect(nextScrollLeft({ ...view, scrollLeft: 2000 }, false)).toBeNull();
  });
  it('a row that fits does not move', () => {
    expect(nextScrollLeft({ ...view, scrollWidth: 1000, scrollLeft: 0 }, true)).toBeNull();
  });
});
