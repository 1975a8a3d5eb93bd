/**
 * Pages that travel light (decision 018): npm start's wrapper around the adapter's handler, against
 * a real Node server. Bodies are read raw (node:http does not decompress) and decompressed here.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, compressAndCache, keptPageStats } from '../../scripts/serve/compress-and-cache.mjs';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const page = `<!doctype html><html><body>${'<article class="deal-card">Spa day for two</article>'.repeat(200)}</body></html>`;
let server: http.Server | undefined;

async function serve(handler: Handler): Promise<string> {
  server = http.createServer(compressAndCache(handler));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function get(url: string, headers: Record<string, string> = {}, onFirstData?: () => void): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) onFirstData?.();
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  zstd: zlib.zstdDecompressSync,
};
const decoded = (raw: Raw) =>
  (decoders[String(raw.headers['content-encoding'])] ?? ((body) => body))(raw.body).toString();
/** What every current browser sends. */
const BROWSER = 'gzip, deflate, br, zstd';

afterEach(async () => {
  const running = server;
  server = undefined;
  if (!running) return;
  running.closeAllConnections();
  await new Promise((resolve) => running.close(resolve));
});

describe('npm start compresses by Accept-Encoding', () => {
  const html: Handler = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=1200' });
    res.write(page.slice(0, 4000));
    res.end(page.slice(4000));
  };

  it('a page asked for with "br, gzip" comes back brotli, smaller, the same HTML, route-cache header kept', async () => {
    const raw = await get(await serve(html), { 'Accept-Encoding': 'br, gzip' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
    expect(raw.headers['cache-control']).toBe('public, max-age=1200');
    expect(raw.body.byteLength).toBeLessThan(page.length / 5);
    expect(decoded(raw)).toBe(page);
  });

  it('gzip when that is all the browser takes; none without Accept-Encoding (still Vary)', async () => {
    const base = await serve(html);
    const gzip = await get(base, { 'Accept-Encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(page);
    const plain = await get(base);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(page);
  });

  it('JSON, CSS and SVG bodies set with Content-Length are compressed too', async () => {
    const types = ['application/json', 'text/css', 'image/svg+xml', 'text/javascript'];
    const base = await serve((req, res) => {
      res.setHeader('Content-Type', types[Number(req.url?.slice(1))] ?? 'text/plain');
      res.setHeader('Content-Length', Buffer.byteLength(page));
      res.end(page);
    });
    for (const [index] of types.entries()) {
      const raw = await get(`${base}/${index}`, { 'Accept-Encoding': 'gzip' });
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(raw.headers['content-length']).toBeUndefined();
      expect(decoded(raw)).toBe(page);
    }
  });

  it('images, tiny bodies and already-encoded bodies are left as they are', async () => {
    const base = await serve((req, res) => {
      if (req.url === '/image') res.setHeader('Content-Type', 'image/webp');
      else res.setHeader('Content-Type', 'application/json');
      if (req.url === '/encoded') res.setHeader('Content-Encoding', 'gzip');
      res.end(req.url === '/tiny' ? '{"message":"ok","status":200}' : page);
    });
    for (const pathname of ['/image', '/tiny', '/encoded']) {
      const raw = await get(base + pathname, { 'Accept-Encoding': 'br, gzip' });
      expect(raw.body.toString(), pathname).toBe(pathname === '/tiny' ? '{"message":"ok","status":200}' : page);
      if (pathname !== '/encoded') expect(raw.headers['content-encoding'], pathname).toBeUndefined();
    }
  });

  it('a streamed page reaches the browser before the server has finished it', async () => {
    let received: () => void = () => {};
    const firstBytes = new Promise<void>((resolve) => {
      received = resolve;
    });
    const base = await serve(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.write(page.slice(0, 5000));
      await firstBytes; // the rest is written only once the first part has arrived
      res.end(page.slice(5000));
    });
    const raw = await get(base, { 'Accept-Encoding': 'br' }, received);
    expect(decoded(raw)).toBe(page);
  });

  it('a large file piped into the response (as static files are) arrives whole', async () => {
    const big = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `const v${i}=${(i * 7919) % 104729};`).join('\n'));
    const base = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/javascript');
      res.setHeader('Content-Length', big.byteLength);
      Readable.from([big.subarray(0, 300_000), big.subarray(300_000)]).pipe(res);
    });
    for (const encoding of ['br', 'gzip']) {
      const raw = await get(base, { 'Accept-Encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(decoded(raw)).toBe(big.toString());
    }
  });

  it('a page rendered for this request goes out as zstd to a browser, streamed at a fast level', async () => {
    let received: () => void = () => {};
    const firstBytes = new Promise<void>((resolve) => {
      received = resolve;
    });
    const base = await serve(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.write(page.slice(0, 5000));
      await firstBytes;
      res.end(page.slice(5000));
    });
    const raw = await get(base, { 'Accept-Encoding': BROWSER }, received);
    expect(raw.headers['content-encoding']).toBe('zstd');
    expect(decoded(raw)).toBe(page);
  });

  it('chooses brotli first and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip, zstd', ['zstd', 'br', 'gzip'])).toBe('zstd');
    expect(chooseEncoding('x-gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('hashed build assets are immutable', () => {
  it('/_astro/* answered 200 is cached for a year; a missing one and other paths are not', async () => {
    const base = await serve((req, res) => {
      res.statusCode = req.url?.includes('missing') ? 404 : 200;
      res.setHeader('Content-Type', 'text/javascript');
      res.end('export{};');
    });
    expect((await get(`${base}/_astro/client.CzWaolnw.js`)).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(`${base}/_astro/missing.js`)).headers['cache-control']).toBeUndefined();
    expect((await get(`${base}/deals/london`)).headers['cache-control']).toBeUndefined();
  });
});

describe('a hashed asset is compressed once per encoding', () => {
  it('the second visitor gets the kept brotli body (whole, with its length), piped or not; gzip is kept apart', async () => {
    const script = `export const deals = [${'"Spa day for two",'.repeat(4000)}];`;
    // The handler's later bodies differ, so what arrives shows whether the kept body was sent.
    let served = 0;
    const base = await serve((_req, res) => {
      served += 1;
      const body = served === 1 ? script : script.toUpperCase();
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/javascript');
      // Static files are piped in.
      Readable.from([Buffer.from(body.slice(0, 30_000)), Buffer.from(body.slice(30_000))]).pipe(res);
    });
    const url = `${base}/_astro/rails.B8xk2Lq9.js`;
    const first = await get(url, { 'Accept-Encoding': 'br' });
    const second = await get(url, { 'Accept-Encoding': 'br' });
    expect(decoded(first)).toBe(script);
    expect(decoded(second)).toBe(script);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-length']).toBe(String(first.body.length));
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await get(url, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script.toUpperCase());
  });

  it('so is a response its handler marked immutable (a deal picture from the media folder, decision 036)', async () => {
    const picture = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="4"/>'.repeat(200)}</svg>`;
    let served = 0;
    const base = await serve((_req, res) => {
      served += 1;
      res.writeHead(200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      res.end(served === 1 ? picture : picture.toUpperCase());
    });
    // A path of its own: kept bodies live as long as the module, and another file serves 31000001-0.
    const url = `${base}/images/deals/spa/39000001-0.svg`;
    const first = await get(url, { 'Accept-Encoding': 'br' });
    const second = await get(url, { 'Accept-Encoding': 'br' });
    expect(decoded(first)).toBe(picture);
    expect(decoded(second)).toBe(picture);
    expect(second.headers['content-length']).toBe(String(first.body.length));
  });

  it('pages and other paths are compressed afresh each time', async () => {
    let visit = 0;
    const base = await serve((_req, res) => {
      visit += 1;
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(page.replace('Spa day', `Visit ${visit}: spa day`));
    });
    expect(decoded(await get(`${base}/deals/london`, { 'Accept-Encoding': 'br' }))).toContain('Visit 1: spa day');
    expect(decoded(await get(`${base}/deals/london`, { 'Accept-Encoding': 'br' }))).toContain('Visit 2: spa day');
  });
});

describe('a page from the route cache is compressed once', () => {
  /** Serves the route cache's page for each visit's body, marked as Astro's memory cache marks it. */
  const routeCached = (bodies: string[], mark = 'HIT'): Handler => {
    let visit = 0;
    return (_req, res) => {
      const body = bodies[Math.min(visit, bodies.length - 1)] ?? '';
      visit += 1;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'X-Astro-Cache': mark });
      // The adapter writes the cached body in chunks, then ends.
      res.write(body.slice(0, 3000));
      res.write(body.slice(3000));
      res.end();
    };
  };

  it('a browser gets brotli; the next gets the very same bytes with their length, kept once', async () => {
    const listing = page.replace('Spa day', 'Kept once: spa day');
    const before = keptPageStats().pages;
    const base = await serve(routeCached([listing]));
    const first = await get(base, { 'Accept-Encoding': BROWSER });
    const second = await get(base, { 'Accept-Encoding': BROWSER });
    expect(first.headers['content-encoding']).toBe('br');
    expect(decoded(first)).toBe(listing);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-length']).toBe(String(first.body.length));
    expect(second.headers['x-astro-cache']).toBe('HIT');
    expect(second.headers.vary).toMatch(/Accept-Encoding/i);
    expect(keptPageStats().pages).toBe(before + 1);
  });

  it('a page the cache has just stored (MISS) streams at the fast level and is not kept', async () => {
    const listing = page.replace('Spa day', 'Asked for once: spa day');
    const before = keptPageStats().pages;
    const raw = await get(await serve(routeCached([listing], 'MISS')), { 'Accept-Encoding': BROWSER });
    expect(raw.headers['content-encoding']).toBe('zstd');
    expect(decoded(raw)).toBe(listing);
    expect(keptPageStats().pages).toBe(before);
  });

  it('a changed page (new bytes under the same URL) is compressed afresh, never served stale', async () => {
    const old = page.replace('Spa day', 'Old price: spa day');
    const changed = page.replace('Spa day', 'New price: spa day');
    const base = await serve(routeCached([old, changed]));
    expect(decoded(await get(base, { 'Accept-Encoding': 'br' }))).toBe(old);
    expect(decoded(await get(base, { 'Accept-Encoding': 'br' }))).toBe(changed);
  });

  it('a rush on a page not yet kept compresses it once; gzip and zstd are kept apart', async () => {
    const listing = page.replace('Spa day', 'Rush: spa day');
    const before = keptPageStats().pages;
    const base = await serve(routeCached([listing], 'STALE'));
    const rush = await Promise.all(Array.from({ length: 6 }, () => get(base, { 'Accept-Encoding': 'br' })));
    for (const raw of rush) expect(decoded(raw)).toBe(listing);
    expect(keptPageStats().pages).toBe(before + 1);
    for (const encoding of ['gzip', 'zstd']) {
      const raw = await get(base, { 'Accept-Encoding': encoding });
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(decoded(raw)).toBe(listing);
    }
    expect(keptPageStats().pages).toBe(before + 3);
    // A client that takes no encoding gets the page as it is.
    const plain = await get(base);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(listing);
  });
});

describe('a file from disk is compressed once per URL and ETag', () => {
  it('the kept body is sent while the ETag holds; a new ETag (the file changed) is compressed afresh', async () => {
    const file = page.replace('Spa day', 'On disk: spa day');
    let etag = 'W/"3a1c-18c0a2f"';
    let body = file;
    const base = await serve((_req, res) => {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('ETag', etag);
      res.setHeader('Last-Modified', 'Sat, 28 Nov 2026 10:00:00 GMT');
      Readable.from([Buffer.from(body)]).pipe(res);
    });
    const url = `${base}/_bench/london.html`;
    const first = await get(url, { 'Accept-Encoding': BROWSER });
    expect(first.headers['content-encoding']).toBe('br');
    body = file.toUpperCase(); // the same ETag: the kept body is what goes out
    const second = await get(url, { 'Accept-Encoding': BROWSER });
    expect(decoded(second)).toBe(file);
    expect(second.headers['content-length']).toBe(String(first.body.length));
    etag = 'W/"3a1c-18c0b00"';
    expect(decoded(await get(url, { 'Accept-Encoding': BROWSER }))).toBe(file.toUpperCase());
  });
});
