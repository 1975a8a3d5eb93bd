/**
 * Pages that travel light (docs/decisions/018), for `npm start`'s server: wraps a Node request handler so
 *  - HTML, JSON, CSS, JavaScript, SVG and other text bodies go out compressed, brotli or gzip as the
 *    request's Accept-Encoding allows, with `Vary: Accept-Encoding`. Already-compressed bodies
 *    (images, fonts, anything with a Content-Encoding), bodies under 1 KB, HEAD, 204 and 304 are
 *    left alone. Streamed HTML stays streamed: what is written in one tick is flushed at its end.
 *  - hashed build assets (/_astro/*) are cached for a year as immutable. Every other response keeps
 *    the Cache-Control it was given (HTML keeps its route-cache headers).
 *  - a hashed asset is compressed once per encoding: its bytes never change, so the compressed body is
 *    kept in memory and sent again as it is (the browser of every new visitor asks for the same
 *    scripts and styles; compressing them on each request was most of the server's work for them).
 *    So is any 200 response its handler marked immutable (a deal picture from the media folder,
 *    ./media.mjs): its bytes never change under its URL either. Each kind has a budget of its own, so
 *    pictures never crowd out the scripts and styles.
 *  - a page served from the route cache (X-Astro-Cache: HIT or STALE; the cache hands it over whole)
 *    is compressed once per encoding: its body is read whole, and a kept compressed body with
 *    the same bytes (found by their hash) is sent as it is. A cached /deals/london compressed on
 *    every request served browsers at an eighth of the requests a static file of the same bytes
 *    gets. Compressed once, it can afford a stronger level (brotli, zstd where Node has it, gzip).
 *  - a file from disk (answered with an ETag and a Last-Modified, as the adapter's static files are)
 *    is compressed once per encoding, URL and ETag: a changed file has a new ETag.
 *  - everything else (a page rendered for this request, an API answer) is compressed as it streams, at
 *    a fast level: zstd when the browser takes it (every current browser does), else brotli, else gzip.
 * Only this module knows about compression and asset caching; security headers live elsewhere.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { sharedWhileRunning } from './shared-work.mjs';

/** Smaller bodies cost more to compress than they save on the wire. */
export const COMPRESS_MIN_BYTES = 1024;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED_ASSETS = '/_astro/';
/**
 * Compressed bodies kept in memory, by kind: hashed build assets, immutable responses (pictures),
 * files from disk and route-cached pages. Each kind has a budget of its own, so pages never crowd
 * out the scripts and styles; within it, what was sent least recently is dropped first.
 */
const KEPT_MAX_BYTES = {
  hashed: 32 * 1024 * 1024,
  immutable: 16 * 1024 * 1024,
  file: 16 * 1024 * 1024,
  page: 48 * 1024 * 1024,
};
const kept = Object.fromEntries(Object.keys(KEPT_MAX_BYTES).map((kind) => [kind, { bodies: new Map(), bytes: 0 }]));

/** The kept body of `kind` under `key`, or null; a body sent again goes to the back of the queue. */
function keptBody(kind, key) {
  const { bodies } = kept[kind];
  const body = bodies.get(key);
  if (body === undefined) return null;
  bodies.delete(key);
  bodies.set(key, body);
  return body;
}

/** Keeps a compressed body, dropping the least recently sent of its kind while over the budget. */
function keepBody(kind, key, body) {
  const store = kept[kind];
  if (store.bodies.has(key) || body.length > KEPT_MAX_BYTES[kind]) return;
  store.bodies.set(key, body);
  store.bytes += body.length;
  for (const [oldest, oldestBody] of store.bodies) {
    if (store.bytes <= KEPT_MAX_BYTES[kind]) break;
    store.bodies.delete(oldest);
    store.bytes -= oldestBody.length;
  }
}

/** Whether this Node can compress with zstd (22.15 and 23.8 on; the project runs on 24). */
const ZSTD = typeof zlib.createZstdCompress === 'function';
/** The encodings a kept body may have, best first: the smallest, since it is made once. */
const KEPT_ORDER = ZSTD ? ['br', 'zstd', 'gzip'] : ['br', 'gzip'];
/** The encodings of a body compressed as it streams, best first: the fastest for its size. */
const STREAMED_ORDER = ZSTD ? ['zstd', 'br', 'gzip'] : ['br', 'gzip'];

/** Compressions of whole pages under way, so a rush on a page not yet kept compresses it once. */
const compressing = new Map();

/** A whole body compressed at the kept level, on zlib's threads rather than the event loop. */
function compressWhole(encoding, body) {
  return new Promise((resolve, reject) => {
    const encoder = createEncoder(encoding, body.length, true);
    const chunks = [];
    encoder.on('data', (chunk) => chunks.push(chunk));
    encoder.on('end', () => resolve(Buffer.concat(chunks)));
    encoder.on('error', reject);
    encoder.end(body);
  });
}

/**
 * A route-cached page's body in `encoding`, compressed once and kept by the hash of its bytes: a
 * page changed (or a variant of it) has other bytes and another key, so it can never be served for
 * another. The body comes as the chunks it was written in: they are hashed as they are, and joined
 * only when the page has to be compressed (a page served again is the common case, and joining
 * 100 KB on every request was about a twentieth of a cached page's cost).
 */
export function keptPage(encoding, chunks) {
  const digest = createHash('sha1');
  for (const chunk of chunks) digest.update(chunk);
  const key = `${encoding} ${digest.digest('base64')}`;
  const found = keptBody('page', key);
  if (found !== null) return Promise.resolve(found);
  return sharedWhileRunning(compressing, key, async () => {
    const compressed = await compressWhole(encoding, Buffer.concat(chunks));
    keepBody('page', key, compressed);
    return compressed;
  });
}

/** How many compressed pages are kept, and their bytes (for the tests and an operator's question). */
export function keptPageStats() {
  return { pages: kept.page.bodies.size, bytes: kept.page.bytes };
}

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|ecmascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|problem\+json|x-javascript)|image\/svg\+xml)/i;

/**
 * The best encoding the client accepts (q > 0) in `order` (default brotli, then gzip), or null.
 * `x-gzip` counts as gzip.
 */
export function chooseEncoding(acceptEncoding, order = ['br', 'gzip']) {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return null;
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const ok = (name) =>
    (accepted.get(name) ?? accepted.get('*') ?? 0) > 0 || (name === 'gzip' && (accepted.get('x-gzip') ?? 0) > 0);
  return order.find(ok) ?? null;
}

function isCompressible(contentType) {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

function appendVary(res, field) {
  const current = res.getHeader('vary');
  const list = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (
    list === '*' ||
    list
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(field.toLowerCase())
  )
    return;
  res.setHeader('Vary', list ? `${list}, ${field}` : field);
}

/**
 * A streaming compressor at a fast level (the body is compressed for this response only), or a
 * stronger one for a body kept and sent again (`kept`).
 */
function createEncoder(encoding, sizeHint, kept) {
  if (encoding === 'br') {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: kept ? 9 : 4 };
    if (sizeHint > 0) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
    return zlib.createBrotliCompress({ params });
  }
  if (encoding === 'zstd') {
    return zlib.createZstdCompress({
      params: { [zlib.constants.ZSTD_c_compressionLevel]: kept ? 12 : 3, [zlib.constants.ZSTD_c_checksumFlag]: 0 },
    });
  }
  return zlib.createGzip({ level: kept ? 9 : 5 });
}

/**
 * The route cache's mark on a page it serves from memory (Astro's memory cache). A MISS (rendered
 * now, stored for next time) streams like any rendered page: a URL asked for once (a cache-busting
 * query) should not pay the strong level, and the page's first HIT keeps it.
 */
const ROUTE_CACHED = new Set(['HIT', 'STALE']);

/** Wraps `handler(req, res)`: same handler, compressed and cached responses. */
export function compressAndCache(handler) {
  return (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const acceptEncoding = req.headers['accept-encoding'];
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    /** Bytes of a body handed whole to end() before the head went out (threshold check). */
    let pendingLength;
    let headed = false;
    /** The compressor, once this response is being compressed as it streams. */
    let encoder = null;
    let flushScheduled = false;
    /** A body compressed before: the handler's body is passed over and this is sent. */
    let precompressed = null;
    /** A route-cached page's body, gathered whole to be compressed once; its head waits for it. */
    let gathered = null;
    let gatheredHead = null;

    const startEncoding = (name, sizeHint, keepAs) => {
      encoder = createEncoder(name, sizeHint, keepAs !== null);
      const chunks = keepAs ? [] : null;
      encoder.on('data', (chunk) => {
        chunks?.push(chunk);
        if (!write.call(res, chunk)) encoder.pause();
      });
      if (chunks) encoder.on('end', () => keepBody(keepAs.kind, keepAs.key, Buffer.concat(chunks)));
      res.on('drain', () => encoder?.resume());
      // A source piped into res (static files) waits for res's 'drain' when the compressor is full.
      encoder.on('drain', () => res.emit('drain'));
      encoder.on('end', () => end.call(res));
      encoder.on('error', (error) => res.destroy(error));
      res.on('close', () => {
        if (!res.writableFinished) encoder?.destroy();
      });
    };

    /** Where a response's compressed body comes from: kept by its bytes, kept by URL, or made now. */
    const kindOf = (status, hashedAsset) => {
      if (status !== 200 || req.method !== 'GET') return 'streamed';
      if (hashedAsset || res.getHeader('cache-control') === IMMUTABLE) return hashedAsset ? 'hashed' : 'immutable';
      if (ROUTE_CACHED.has(String(res.getHeader('x-astro-cache') ?? ''))) return 'page';
      const etag = res.getHeader('etag');
      if (typeof etag === 'string' && res.getHeader('last-modified') !== undefined) return 'file';
      return 'streamed';
    };

    // Decides, once, just before the head goes out: cache header for hashed assets, then whether
    // to compress from the status, Content-Type, Content-Encoding and length, and how.
    const decide = () => {
      const status = res.statusCode;
      const hashedAsset = pathname.startsWith(HASHED_ASSETS) && status === 200;
      if (hashedAsset) res.setHeader('Cache-Control', IMMUTABLE);
      if (!isCompressible(res.getHeader('content-type'))) return;
      appendVary(res, 'Accept-Encoding');
      if (req.method === 'HEAD' || status < 200 || status === 204 || status === 304) return;
      if (res.getHeader('content-encoding') !== undefined) return;
      const kind = kindOf(status, hashedAsset);
      const encoding = chooseEncoding(acceptEncoding, kind === 'streamed' ? STREAMED_ORDER : KEPT_ORDER);
      if (encoding === null) return;
      const declared = res.getHeader('content-length');
      const length = declared !== undefined ? Number(declared) : pendingLength;
      if (length !== undefined && length < COMPRESS_MIN_BYTES) return;
      res.removeHeader('Content-Length');
      res.setHeader('Content-Encoding', encoding);
      const etag = res.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
      if (kind === 'page') {
        gathered = { encoding, chunks: [] };
        return;
      }
      const asset =
        kind === 'hashed' || kind === 'immutable'
          ? { key: `${encoding} ${pathname}`, kind }
          : kind === 'file'
            ? { key: `${encoding} ${req.url} ${etag}`, kind }
            : null;
      precompressed = asset === null ? null : keptBody(asset.kind, asset.key);
      if (precompressed !== null) res.setHeader('Content-Length', precompressed.length);
      else startEncoding(encoding, length ?? 0, asset);
    };

    /** Sends a gathered page: its kept compressed body (compressed now when there is none yet). */
    const sendGathered = (callback) => {
      const { encoding, chunks } = gathered;
      const [status, message] = gatheredHead;
      const head = () => (message === undefined ? writeHead.call(res, status) : writeHead.call(res, status, message));
      const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
      if (length < COMPRESS_MIN_BYTES) {
        res.removeHeader('Content-Encoding');
        res.setHeader('Content-Length', length);
        head();
        return end.call(res, Buffer.concat(chunks), callback);
      }
      keptPage(encoding, chunks).then(
        (compressed) => {
          if (res.destroyed) return;
          res.setHeader('Content-Length', compressed.length);
          head();
          end.call(res, compressed, callback);
        },
        (error) => res.destroy(error),
      );
      return res;
    };

    res.writeHead = (...args) => {
      if (headed) return gathered === null ? writeHead.apply(res, args) : res;
      const [status, reason, headers] = args;
      headed = true;
      const fields = typeof reason === 'object' && reason !== null ? reason : headers;
      const message = typeof reason === 'string' ? reason : undefined;
      if (Array.isArray(fields)) {
        for (let i = 0; i + 1 < fields.length; i += 2) res.appendHeader(fields[i], fields[i + 1]);
      } else if (fields) {
        for (const [name, value] of Object.entries(fields)) if (value !== undefined) res.setHeader(name, value);
      }
      res.statusCode = status;
      decide();
      if (gathered !== null) {
        // The head goes out with the compressed body's length, once the body is whole.
        gatheredHead = [status, message];
        return res;
      }
      return message === undefined ? writeHead.call(res, status) : writeHead.call(res, status, message);
    };

    res.write = (...args) => {
      const [chunk, chunkEncoding, callback] = args;
      if (!headed) res.writeHead(res.statusCode);
      const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
      if (gathered !== null) {
        gathered.chunks.push(
          typeof chunk === 'string'
            ? Buffer.from(chunk, typeof chunkEncoding === 'string' ? chunkEncoding : 'utf8')
            : chunk,
        );
        if (typeof done === 'function') process.nextTick(done);
        return true;
      }
      if (precompressed !== null) {
        if (typeof done === 'function') process.nextTick(done);
        return true;
      }
      if (encoder === null) return write.apply(res, args);
      const accepted = encoder.write(chunk, typeof chunkEncoding === 'string' ? chunkEncoding : undefined, () => {
        if (typeof chunkEncoding === 'function') chunkEncoding();
        else if (typeof callback === 'function') callback();
      });
      // Streaming: what the page wrote in this tick reaches the browser at the end of the tick.
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          if (encoder !== null && !encoder.destroyed && !encoder.writableEnded) encoder.flush();
        });
      }
      return accepted;
    };

    res.end = (chunk, chunkEncoding, callback) => {
      if (typeof chunk === 'function') [chunk, chunkEncoding, callback] = [undefined, undefined, chunk];
      else if (typeof chunkEncoding === 'function') [chunkEncoding, callback] = [undefined, chunkEncoding];
      if (!headed) {
        pendingLength = chunk === undefined || chunk === null ? 0 : Buffer.byteLength(chunk, chunkEncoding);
        res.writeHead(res.statusCode);
      }
      if (gathered !== null) {
        if (chunk !== undefined && chunk !== null)
          gathered.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, chunkEncoding ?? 'utf8') : chunk);
        return sendGathered(callback);
      }
      if (precompressed !== null) return end.call(res, precompressed, callback);
      if (encoder === null) return end.call(res, chunk, chunkEncoding, callback);
      if (typeof callback === 'function') res.once('finish', callback);
      if (chunk !== undefined && chunk !== null) encoder.write(chunk, chunkEncoding);
      encoder.end();
      return res;
    };

    return handler(req, res);
  };
}
