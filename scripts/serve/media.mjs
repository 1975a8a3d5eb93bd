/**
 * Deal pictures are files (docs/decisions/036-demo-data-outside-the-shop.md): the seed paints each one
 * once into the media folder, and every process that serves the shop answers `/images/deals/...` from
 * that folder, before the request reaches Astro (no middleware, no rendering per picture).
 *  - The folder is MEDIA_DIR, a path relative to the project root (default `.data/media`), so
 *    `npm start`, the end-to-end server, the reliability run and the scale demo's processes all find
 *    the same one. `/images/deals/<theme>/<name>.<ext>` is `<folder>/deals/<theme>/<name>.<ext>`.
 *  - A picture's bytes never change under its URL (docs/decisions/002-generated-deal-images.md), so
 *    it is cached for a year as immutable; compression (SVG) is left to ./compress-and-cache.mjs.
 *  - Only names the pattern allows are looked up (lower-case theme folder and file name, one of the
 *    picture extensions): no dot segment, separator or escape can name a file outside the folder.
 *    Anything else under the prefix, and a picture not in the folder, answers 404.
 *  - A picture at a width (`/images/deals/<theme>/<name>-<width>w`, one of PICTURE_WIDTHS;
 *    docs/decisions/041-raster-pictures-at-the-size-shown.md) is a raster of the original at that
 *    width: WebP for a browser that takes it, else JPEG (`Vary: Accept`). Each is rendered once, with
 *    sharp, on the first request for it (a rush waits for one rendering), and kept in the folder's
 *    `rasters/` beside the originals, so every process and every later start serves the file.
 *  - Deal videos (docs/decisions/056-deal-videos.md) are files too: `/videos/deals/<name>.<ext>` is
 *    `<folder>/videos/<name>.<ext>` (WebM, MP4, the WebP poster, the WebVTT captions), immutable for
 *    a year like the pictures. A video is answered in byte ranges (`Range: bytes=...`, 206), which
 *    browsers ask for to start playing and to seek.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  PICTURE_AT_WIDTH_PATH,
  PICTURE_EXTENSIONS,
  PICTURE_PATH,
  PICTURE_WIDTHS,
} from '../../src/domain/picture-sizes.mjs';
import { IMMUTABLE } from './compress-and-cache.mjs';
import { sharedWhileRunning } from './shared-work.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where deal pictures are served; the folder beneath MEDIA_DIR that holds them. */
export const MEDIA_URL_PREFIX = '/images/deals/';
const MEDIA_SUBFOLDER = 'deals';
export const DEFAULT_MEDIA_DIR = '.data/media';
/** Where deal videos, their posters and captions are served; the folder beneath MEDIA_DIR that holds them. */
export const VIDEO_URL_PREFIX = '/videos/deals/';
const VIDEO_SUBFOLDER = 'videos';
/** `/videos/deals/<name>.<ext>`: lower-case letters, digits and dashes only, one of the video file types. */
const VIDEO_PATH = /^\/videos\/deals\/([a-z0-9-]{1,60})\.(webm|mp4|webp|vtt)$/;

const CONTENT_TYPES = {
  svg: 'image/svg+xml; charset=utf-8',
  avif: 'image/avif',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  webm: 'video/webm',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
};
const RASTERS_SUBFOLDER = 'rasters';
/** How each raster format is written: small for a picture of flat colours, quick to make. */
const RASTER_OUTPUT = {
  webp: (image) => image.webp({ quality: 60, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 72, mozjpeg: true }),
};

/**
 * The media folder, absolute: MEDIA_DIR resolved against the project root (not the working
 * directory), else `.data/media` there.
 * @param {Record<string, string | undefined>} [env]
 * @returns {string}
 */
export function mediaDir(env = process.env) {
  return path.resolve(root, env.MEDIA_DIR || DEFAULT_MEDIA_DIR);
}

/**
 * The file behind a picture's URL path in this folder, or null when the path names none.
 * @param {string} dir the media folder
 * @param {string} pathname the URL path, as requested (not decoded)
 * @returns {string | null}
 */
export function mediaFile(dir, pathname) {
  const match = PICTURE_PATH.exec(pathname);
  if (!match) return null;
  const [, folder, name, extension] = match;
  const pictures = path.join(dir, MEDIA_SUBFOLDER);
  const file = path.join(pictures, folder, `${name}.${extension}`);
  // The pattern admits no separator or dot segment; this keeps it so whatever the pattern becomes.
  return file.startsWith(pictures + path.sep) ? file : null;
}

/**
 * The file behind a video's (or its poster's or captions') URL path in this folder, or null when the
 * path names none.
 * @param {string} dir the media folder
 * @param {string} pathname the URL path, as requested (not decoded)
 * @returns {string | null}
 */
export function videoFile(dir, pathname) {
  const match = VIDEO_PATH.exec(pathname);
  if (!match) return null;
  const [, name, extension] = match;
  const videos = path.join(dir, VIDEO_SUBFOLDER);
  const file = path.join(videos, `${name}.${extension}`);
  return file.startsWith(videos + path.sep) ? file : null;
}

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (RFC 9110 14.1.2: `bytes=a-b`,
 * `bytes=a-`, `bytes=-n`), as inclusive offsets; 'unsatisfiable' when it starts past the end; null
 * when there is no header, it is not one byte range (several ranges get the whole file), or it is
 * malformed (ignored, as the RFC allows).
 * @param {string | undefined} header
 * @param {number} size
 * @returns {{ start: number, end: number } | 'unsatisfiable' | null}
 */
export function byteRange(header, size) {
  if (typeof header !== 'string') return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * What a raster request names: the folder, the original's name, the width and the format the
 * browser takes (WebP when its Accept names image/webp, else JPEG); null when it names none.
 * @param {string} pathname
 * @param {string | undefined} accept
 */
export function rasterRequest(pathname, accept) {
  const match = PICTURE_AT_WIDTH_PATH.exec(pathname);
  if (!match) return null;
  const [, folder = '', name = '', digits = ''] = match;
  const width = Number(digits);
  if (!PICTURE_WIDTHS.includes(width)) return null;
  const format = typeof accept === 'string' && /\bimage\/webp\b/i.test(accept) ? 'webp' : 'jpg';
  return { folder, name, width, format };
}

/** Renderings under way, by file, so a rush on a picture renders it once. */
const rendering = new Map();

/**
 * The raster's file in the folder, rendered from the original first when it is not there yet
 * (written beside, then renamed in, so a reader never sees half a file); null when there is no
 * original to render from.
 */
async function rasterFile(dir, { folder, name, width, format }) {
  const file = path.join(dir, RASTERS_SUBFOLDER, folder, `${name}-${width}.${format}`);
  try {
    await stat(file);
    return file;
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  return sharedWhileRunning(rendering, file, async () => {
    const original = await findOriginal(path.join(dir, MEDIA_SUBFOLDER, folder), name);
    if (original === null) return null;
    // An SVG is drawn at the density that makes it `width` pixels wide, never drawn small and enlarged.
    const { format: source, width: natural } = await sharp(original).metadata();
    const density = source === 'svg' && natural ? Math.min(2400, Math.max(1, (72 * width) / natural)) : undefined;
    const image = sharp(original, density === undefined ? {} : { density }).resize({ width });
    const body = await RASTER_OUTPUT[format](image).toBuffer();
    await mkdir(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, body);
    await rename(draft, file);
    return file;
  });
}

/** The original picture `name` in `folder`, by the extensions a catalogue picture may have. */
async function findOriginal(folder, name) {
  for (const extension of PICTURE_EXTENSIONS) {
    const candidate = path.join(folder, `${name}.${extension}`);
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
  }
  return null;
}

function notFound(res, what = 'Image') {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${what} not found`);
}

/**
 * A Node request handler in the connect style (`npm start` wraps the built shop with it, the dev
 * server adds it to its middlewares): GET and HEAD under MEDIA_URL_PREFIX are answered from the
 * folder; everything else goes to `next()`.
 * @param {string} dir the media folder
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
export function mediaHandler(dir) {
  return (req, res, next) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const isVideo = pathname.startsWith(VIDEO_URL_PREFIX);
    if ((!pathname.startsWith(MEDIA_URL_PREFIX) && !isVideo) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    if (isVideo) {
      const file = videoFile(dir, pathname);
      if (file === null) notFound(res, 'Video');
      else
        sendFile(req, res, file).catch((error) => {
          if (res.headersSent) res.destroy(error);
          else notFound(res, 'Video');
        });
      return;
    }
    const raster = rasterRequest(pathname, req.headers.accept);
    if (raster !== null) {
      // The format follows the browser's Accept, so a shared cache must keep one copy per Accept.
      res.setHeader('Vary', 'Accept');
      rasterFile(dir, raster)
        .then((file) => (file === null ? notFound(res) : sendFile(req, res, file)))
        .catch((error) => {
          if (res.headersSent) res.destroy(error);
          else notFound(res);
        });
      return;
    }
    const file = mediaFile(dir, pathname);
    if (file === null) {
      notFound(res);
      return;
    }
    sendFile(req, res, file).catch((error) => {
      if (res.headersSent) res.destroy(error);
      else notFound(res);
    });
  };
}

/** If-None-Match names this ETag, also in the weak form compress-and-cache gives a compressed body. */
function matchesEtag(header, etag) {
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * One open, one stat, one read: pictures are small, and the page cache keeps them warm. A video is
 * answered in the byte range asked for (206), or whole with `Accept-Ranges: bytes`.
 */
async function sendFile(req, res, file) {
  const handle = await open(file, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      notFound(res);
      return;
    }
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file).slice(1)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', info.mtime.toUTCString());
    if (matchesEtag(req.headers['if-none-match'], etag)) {
      res.writeHead(304);
      res.end();
      return;
    }
    const isVideo = /^video\//.test(String(res.getHeader('content-type')));
    if (isVideo) {
      res.setHeader('Accept-Ranges', 'bytes');
      // If-Range names the file's ETag: a range of another version would splice two files.
      const ifRange = req.headers['if-range'];
      const range = ifRange === undefined || ifRange === etag ? byteRange(req.headers.range, info.size) : null;
      if (range === 'unsatisfiable') {
        res.writeHead(416, { 'Content-Range': `bytes */${info.size}` });
        res.end();
        return;
      }
      if (range !== null) {
        const length = range.end - range.start + 1;
        res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
        res.setHeader('Content-Length', length);
        res.writeHead(206);
        if (req.method === 'HEAD') {
          res.end();
          return;
        }
        const body = Buffer.alloc(length);
        await handle.read(body, 0, length, range.start);
        res.end(body);
        return;
      }
    }
    if (req.method === 'HEAD') {
      res.setHeader('Content-Length', info.size);
      res.writeHead(200);
      res.end();
      return;
    }
    const body = await handle.readFile();
    res.setHeader('Content-Length', body.length);
    res.writeHead(200);
    res.end(body);
  } finally {
    await handle.close();
  }
}
