/**
 * Deal pictures at the size shown (docs/decisions/041-raster-pictures-at-the-size-shown.md). A picture
 * the seed painted (or a merchant's photo) lives once in the media folder; the server answers each
 * width a page may ask for as a raster (WebP, or JPEG for a browser that takes no WebP), rendered on
 * first request and kept on disk. The pages' `srcset` and the server's media handler
 * (scripts/serve/media.mjs, plain Node) must agree on the widths and the address, so both are written
 * once here, in plain JavaScript both can import.
 */

/** The widths a picture is rendered at, in pixels: a card at 1x and 2x, a phone's card at 3x, the gallery. */
export const PICTURE_WIDTHS = [400, 800, 1200, 1600];

/** The file types a catalogue picture may be, in the order the server looks for an original. */
export const PICTURE_EXTENSIONS = ['svg', 'png', 'jpg', 'webp', 'avif'];

/**
 * `/images/deals/<theme>/<name>.<ext>`: a picture as the catalogue names it (theme, name and type
 * captured). Only lower-case letters, digits and dashes: no dot segment or separator can name a
 * file outside the media folder.
 */
export const PICTURE_PATH = new RegExp(
  `^/images/deals/([a-z0-9-]{1,40})/([a-z0-9-]{1,40})\\.(${PICTURE_EXTENSIONS.join('|')})$`,
);

/** `/images/deals/<theme>/<name>-<width>w`: the picture at a width (theme, name and width captured). */
export const PICTURE_AT_WIDTH_PATH = /^\/images\/deals\/([a-z0-9-]{1,40})\/([a-z0-9-]{1,40})-(\d{2,4})w$/;

/**
 * The address of a picture at `width` pixels (one of PICTURE_WIDTHS): the original's path without
 * its extension, then `-<width>w`. A URL that is not a catalogue picture is answered as it is.
 * @param {string} url
 * @param {number} width
 * @returns {string}
 */
export function pictureAt(url, width) {
  const match = PICTURE_PATH.exec(url);
  return match ? `/images/deals/${match[1]}/${match[2]}-${width}w` : url;
}

/**
 * `srcset` for a picture at the given widths (all of them by default), or undefined when the URL is
 * not a catalogue picture (nothing to choose from).
 * @param {string} url
 * @param {readonly number[]} [widths]
 * @returns {string | undefined}
 */
export function pictureSrcset(url, widths = PICTURE_WIDTHS) {
  if (!PICTURE_PATH.test(url)) return undefined;
  return widths.map((width) => `${pictureAt(url, width)} ${width}w`).join(',');
}

/**
 * The deal page gallery's pictures: the widths its `srcset` offers and its `sizes` (full width on a
 * phone, 720 px beside the summary from 992 px up). Written once, for the gallery (DealGallery) and
 * for the page's preload of its first picture (decision 065: the largest paint of a deal page).
 */
export const GALLERY_WIDTHS = [800, 1200, 1600];
export const GALLERY_SIZES = '(min-width: 992px) 720px, 100vw';
