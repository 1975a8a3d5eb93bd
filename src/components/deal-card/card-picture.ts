/**
 * A listing card's picture at the size it is shown (decision 041): its src, srcset and sizes, written
 * once for the card's <img> (DealCard) and for the head's preload of a page's first card (decision 065).
 */
import { pictureAt, pictureSrcset } from '@/domain/picture-sizes.mjs';

export type CardSize = 'regular' | 'large';

/**
 * Three columns of the 1,200 px container from lg, two from sm, one below; a large card's picture
 * takes three fifths of the row from md.
 */
const SIZES: Record<CardSize, string> = {
  // Without the optional spaces: written on every card of a listing (decision 069).
  large: '(min-width:768px) 720px,100vw',
  regular: '(min-width:992px) 384px,(min-width:576px) 50vw,100vw',
};

export function cardPicture(url: string, size: CardSize): { src: string; srcset: string | undefined; sizes: string } {
  return { src: pictureAt(url, 800), srcset: pictureSrcset(url, [400, 800, 1200]), sizes: SIZES[size] };
}
