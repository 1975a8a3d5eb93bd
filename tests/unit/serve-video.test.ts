/**
 * Deal videos are files the shop serves (docs/decisions/056-deal-videos.md): `/videos/deals/...` from
 * the media folder's `videos/`, with their content types, immutable for a year, and in byte ranges
 * (206) as a browser asks for them to start playing and to seek (RFC 9110 14). No path reaches
 * outside the folder. Against a real Node server, with the same wrappers npm start puts around the shop.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAndCache, IMMUTABLE } from '../../scripts/serve/compress-and-cache.mjs';
import { byteRange, mediaHandler, videoFile } from '../../scripts/serve/media.mjs';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const video = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251));
const captions = `WEBVTT\n\n00:00:00.300 --> 00:00:02.800\n${'Sun, sea and soft white sand. '.repeat(60)}\n`;
let place: string;
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  place = mkdtempSync(path.join(tmpdir(), 'media-video-'));
  dir = path.join(place, 'media');
  mkdirSync(path.join(dir, 'videos'), { recursive: true });
  writeFileSync(path.join(dir, 'videos', 'beach-waves.webm'), video);
  writeFileSync(path.join(dir, 'videos', 'beach-waves.mp4'), video);
  writeFileSync(path.join(dir, 'videos', 'beach-waves.vtt'), captions);
  writeFileSync(path.join(place, 'secret.webm'), 'outside the media folder');
  const media = mediaHandler(dir);
  const app = (req: http.IncomingMessage, res: http.ServerResponse) =>
    media(req, res, () => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('the shop');
    });
  server = http.createServer(compressAndCache(app));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(place, { recursive: true, force: true });
});

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

describe('deal videos from the media folder (decision 056)', () => {
  it('answers a video whole, typed, immutable for a year, saying it takes byte ranges', async () => {
    const whole = await request('/videos/deals/beach-waves.webm', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe(IMMUTABLE);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // A video is already compressed: it goes out as it is.
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.body.equals(video)).toBe(true);
    expect((await request('/videos/deals/beach-waves.mp4')).headers['content-type']).toBe('video/mp4');
  });

  it('answers a byte range with 206 and exactly those bytes, as a browser asks to start playing or seek', async () => {
    const start = await request('/videos/deals/beach-waves.webm', { headers: { Range: 'bytes=0-' } });
    expect(start.status).toBe(206);
    expect(start.headers['content-range']).toBe(`bytes 0-4999/${video.length}`);
    expect(start.body.equals(video)).toBe(true);
    const middle = await request('/videos/deals/beach-waves.webm', { headers: { Range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100-199/5000');
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.body.equals(video.subarray(100, 200))).toBe(true);
    const tail = await request('/videos/deals/beach-waves.webm', { headers: { Range: 'bytes=-10' } });
    expect(tail.body.equals(video.subarray(4990))).toBe(true);
  });

  it('says 416 for a range past the end, and sends the whole file for an If-Range of another version', async () => {
    const past = await request('/videos/deals/beach-waves.webm', { headers: { Range: 'bytes=9000-' } });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */5000');
    const stale = await request('/videos/deals/beach-waves.webm', {
      headers: { Range: 'bytes=0-9', 'If-Range': '"another-version"' },
    });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(video.length);
  });

  it('serves captions as WebVTT text, compressed like any text', async () => {
    const vtt = await request('/videos/deals/beach-waves.vtt', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(vtt.status).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.headers['content-encoding']).toBe('gzip');
  });

  it('answers 404 for a video not there or an address outside the pattern, never a file outside the folder', async () => {
    for (const pathname of [
      '/videos/deals/missing.webm',
      '/videos/deals/../secret.webm',
      '/videos/deals/%2e%2e/secret.webm',
      '/videos/deals/Beach.webm',
      '/videos/deals/beach-waves.exe',
    ]) {
      const answer = await request(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.body.toString()).toBe('Video not found');
    }
    expect(videoFile(dir, '/videos/deals/beach-waves.webm')).toBe(path.join(dir, 'videos', 'beach-waves.webm'));
    expect(videoFile(dir, '/videos/deals/a/b.webm')).toBeNull();
  });

  it('reads one byte range of a Range header; several ranges or a malformed one get the whole file', () => {
    expect(byteRange(undefined, 100)).toBeNull();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-20', 100)).toEqual({ start: 80, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(byteRange('bytes=9-2', 100)).toBeNull();
    expect(byteRange('items=0-9', 100)).toBeNull();
  });
});
