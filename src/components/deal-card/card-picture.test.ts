import { describe, expect, it } from 'vitest';
import { cardPicture } from './card-picture';

// Decision 041 (pictures at the size shown) and 065 (the head's preload asks for the same picture as
// the card's <img>, so one response serves both).
describe('a listing card picture', () => {
  const url = '/images/deals/spa/31000001-0.svg';

  it('is the 800 px raster with 400, 800 and 1200 px to choose from', () => {
    const picture = cardPicture(url, 'regular');
    expect(picture.src).toBe('/images/deals/spa/31000001-0-800w');
    expect(picture.srcset).toBe(
      '/images/deals/spa/31000001-0-400w 400w,/images/deals/spa/31000001-0-800w 800w,/images/deals/spa/31000001-0-1200w 1200w',
    );
  });

  it('is shown one, two or three to a row, or at 720 px for the large top card', () => {
    expect(cardPicture(url, 'regular').sizes).toBe('(min-width:992px) 384px,(min-width:576px) 50vw,100vw');
    expect(cardPicture(url, 'large').sizes).toBe('(min-width:768px) 720px,100vw');
  });

  it('has no srcset when the address is not a catalogue picture', () => {
    expect(cardPicture('https://example.com/a.jpg', 'regular')).toEqual({
      src: 'https://example.com/a.jpg',
      srcset: undefined,
      sizes: '(min-width:992px) 384px,(min-width:576px) 50vw,100vw',
    });
  });
});
