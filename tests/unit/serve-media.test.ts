/**
 * Deal pictures are files the shop serves (docs/decisions/036-demo-data-outside-the-shop.md): npm
 * start answers /images/deals/... from the media folder before Astro, immutable for a year and
 * compressed like any SVG; a picture not there is a 404, and no path reaches outside the folder.
 * Against a real Node server, with the same wrappers npm start puts around the shop.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAndCache } from '../../scripts/serve/compress-and-cache.mjs';
import { DEFAULT_MEDIA_DIR, mediaDir, mediaFile, mediaHandler, rasterRequest } from '../../scripts/serve/media.mjs';
import { PICTURE_WIDTHS, pictureAt, pictureSrcset } from '../../src/domain/picture-sizes.mjs';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const root = path.resolve(import.meta.dirname, '../..');
const picture = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">${'<circle r="4"/>'.repeat(200)}</svg>`;
const secret = 'not a picture: the folder above the media folder';
let place: string;
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  place = mkdtempSync(path.join(tmpdir(), 'media-'));
  dir = path.join(place, 'media');
  mkdirSync(path.join(dir, 'deals', 'spa'), { recursive: true });
  writeFileSync(path.join(dir, 'deals', 'spa', '31000001-0.svg'), picture);
  writeFileSync(path.join(place, 'secret.svg'), secret);
  writeFileSync(path.join(dir, 'secret.svg'), secret);
  const media = mediaHandler(dir);
  const shop = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('the shop');
  };
  const app = (req: http.IncomingMessage, res: http.ServerResponse) => media(req, res, () => shop(req, res));
  server = http.createServer(compressAndCache(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(place, { recursive: true, force: true });
});

/** Sends the path as written (no normalising of dot segments), and reads the body raw. */
function request(pathname: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request(`${base}/`, { path: pathname, method: options.method ?? 'GET', headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

describe('the media folder, served', () => {
  it('answers a painted picture with its type, its size and a year of immutable caching', async () => {
    const raw = await request('/images/deals/spa/31000001-0.svg');
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(raw.headers['content-length']).toBe(String(Buffer.byteLength(picture)));
    expect(raw.body.toString()).toBe(picture);
  });

  it('compresses an SVG for a browser that accepts it, and answers its ETag with 304', async () => {
    const raw = await request('/images/deals/spa/31000001-0.svg', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(raw.body).toString()).toBe(picture);
    const etag = raw.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"/);
    const again = await request('/images/deals/spa/31000001-0.svg', {
      headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers HEAD with the headers alone', async () => {
    const raw = await request('/images/deals/spa/31000001-0.svg', { method: 'HEAD' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-length']).toBe(String(Buffer.byteLength(picture)));
    expect(raw.body.length).toBe(0);
  });

  it('is a 404 for a picture the folder does not hold', async () => {
    for (const missing of ['/images/deals/spa/31000002-0.svg', '/images/deals/travel-uk/1-0.avif']) {
      const raw = await request(missing);
      expect(raw.status, missing).toBe(404);
      expect(raw.body.toString()).toBe('Image not found');
    }
  });

  it('refuses every path that tries to leave the folder or is not a picture name', async () => {
    for (const outside of [
      '/images/deals/../../secret.svg',
      '/images/deals/../secret.svg',
      '/images/deals/spa/../../../secret.svg',
      '/images/deals/%2e%2e/%2e%2e/secret.svg',
      '/images/deals/spa/..%2F..%2F..%2Fsecret.svg',
      '/images/deals/spa%2F..%2F..%2F..%2Fsecret.svg',
      '/images/deals/secret.svg',
      '/images/deals/spa/31000001-0.svg%00.txt',
      '/images/deals/spa//31000001-0.svg',
      '/images/deals/SPA/31000001-0.svg',
      '/images/deals/spa/31000001-0.svg/',
    ]) {
      const raw = await request(outside);
      expect(raw.status, outside).toBe(404);
      expect(raw.body.toString(), outside).not.toContain('not a picture');
    }
    expect(mediaFile(dir, '/images/deals/../../secret.svg')).toBeNull();
    expect(mediaFile(dir, '/images/deals/spa/31000001-0.svg')).toBe(path.join(dir, 'deals', 'spa', '31000001-0.svg'));
  });

  it('leaves every other request to the shop, and other methods on pictures too', async () => {
    expect((await request('/deals/london')).body.toString()).toBe('the shop');
    expect((await request('/images/other.svg')).body.toString()).toBe('the shop');
    expect((await request('/images/deals/spa/31000001-0.svg', { method: 'POST' })).body.toString()).toBe('the shop');
  });

  it('finds MEDIA_DIR from the project root whatever the working directory, .data/media by default', () => {
    expect(mediaDir({})).toBe(path.join(root, DEFAULT_MEDIA_DIR));
    expect(mediaDir({ MEDIA_DIR: 'elsewhere/media' })).toBe(path.join(root, 'elsewhere/media'));
    expect(mediaDir({ MEDIA_DIR: '/srv/media' })).toBe('/srv/media');
  });
});

describe('a picture at the size shown (decision 041)', () => {
  const webpBrowser = { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' };
  const noWebp = { accept: 'image/png,image/*;q=0.8' };
  const rasterOnDisk = (name: string) => path.join(dir, 'rasters', 'spa', name);

  it('answers each width as WebP to a browser that takes it, JPEG otherwise, drawn at that width and kept on disk', async () => {
    const { default: sharp } = await import('sharp');
    for (const width of [400, 800, 1600]) {
      const webp = await request(`/images/deals/spa/31000001-0-${width}w`, { headers: webpBrowser });
      expect(webp.status).toBe(200);
      expect(webp.headers['content-type']).toBe('image/webp');
      expect(webp.headers.vary).toMatch(/Accept/);
      expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The SVG is drawn at the width asked for: 800 x 500 becomes width x (width * 5 / 8).
      expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width, height: (width * 5) / 8 });
    }
    const jpeg = await request('/images/deals/spa/31000001-0-800w', { headers: noWebp });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(jpeg.body).metadata()).format).toBe('jpeg');
    expect(existsSync(rasterOnDisk('31000001-0-800.webp'))).toBe(true);
    expect(existsSync(rasterOnDisk('31000001-0-800.jpg'))).toBe(true);
  });

  it('a rush on a picture not yet drawn gets the same bytes; the next request reads the kept file', async () => {
    const rush = await Promise.all(
      Array.from({ length: 5 }, () => request('/images/deals/spa/31000001-0-1200w', { headers: webpBrowser })),
    );
    for (const raw of rush) expect(raw.body.equals(rush[0]?.body ?? Buffer.alloc(0))).toBe(true);
    // A kept file is served as it is: overwrite it, and the next answer is the file's bytes.
    writeFileSync(rasterOnDisk('31000001-0-1200.webp'), 'kept');
    expect((await request('/images/deals/spa/31000001-0-1200w', { headers: webpBrowser })).body.toString()).toBe(
      'kept',
    );
  });

  it('is a 404 for a width the pages never ask for, and for a picture with no original', async () => {
    for (const pathname of [
      '/images/deals/spa/31000001-0-500w',
      '/images/deals/spa/31000001-0-99999w',
      '/images/deals/spa/39999999-0-400w',
    ]) {
      expect((await request(pathname, { headers: webpBrowser })).status, pathname).toBe(404);
    }
  });

  it('names the rasters a page offers: srcset and the width the picture falls back to', () => {
    expect(pictureAt('/images/deals/spa/31000001-0.svg', 800)).toBe('/images/deals/spa/31000001-0-800w');
    expect(pictureSrcset('/images/deals/spa/31000001-0.svg', [400, 800])).toBe(
      '/images/deals/spa/31000001-0-400w 400w,/images/deals/spa/31000001-0-800w 800w',
    );
    // A picture from elsewhere (a landing's hero, an external URL) is left as it is.
    expect(pictureAt('https://cdn.example.com/hero.jpg', 800)).toBe('https://cdn.example.com/hero.jpg');
    expect(pictureSrcset('https://cdn.example.com/hero.jpg')).toBeUndefined();
    for (const width of PICTURE_WIDTHS)
      expect(rasterRequest(`/images/deals/spa/a-${width}w`, 'image/webp')).not.toBeNull();
  });
});
