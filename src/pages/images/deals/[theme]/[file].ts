/**
 * Deal images, drawn on the fly from the deal id (docs/decisions/002): nothing is fetched or stored,
 * and the same URL always gives the same picture, so browsers may keep it for a year.
 */
import type { APIRoute } from 'astro';
import { dealImageSeed, parseDealImagePath, renderDealImageSvg } from '@/domain/deal-image';

const WIDTH = 800;
const HEIGHT = 500;

export const GET: APIRoute = ({ url }) => {
  const image = parseDealImagePath(url.pathname);
  if (!image) {
    return new Response('Image not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const svg = renderDealImageSvg({
    theme: image.theme,
    seed: dealImageSeed(image.dealId, image.position),
    width: WIDTH,
    height: HEIGHT,
  });
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
};
