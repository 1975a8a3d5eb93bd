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
 * Only this module knows about compression and asset caching; security headers live elsewhere.
 */
import zlib from 'node:zlib';

/** Smaller bodies cost more to compress than they save on the wire. */
export const COMPRESS_MIN_BYTES = 1024;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
const HASHED_ASSETS = '/_astro/';
/** Compressed immutable bodies kept in memory, and how much of each kind there may be. */
const KEPT_MAX_BYTES = { hashed: 32 * 1024 * 1024, immutable: 16 * 1024 * 1024 };
const keptBytes = { hashed: 0, immutable: 0 };
const compressedAssets = new Map();

function keepCompressedAsset({ key, kind }, body) {
  if (compressedAssets.has(key) || keptBytes[kind] + body.length > KEPT_MAX_BYTES[kind]) return;
  compressedAssets.set(key, body);
  keptBytes[kind] += body.length;
}

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|ecmascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json|problem\+json|x-javascript)|image\/svg\+xml)/i;

/** 'br', 'gzip' or null: the best encoding the client accepts (q > 0), brotli first. */
export function chooseEncoding(acceptEncoding) {
  if (typeof acceptEncoding !== 'string' || acceptEncoding === '') return null;
  const accepted = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const ok = (name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip') || (accepted.get('x-gzip') ?? 0) > 0) return 'gzip';
  return null;
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

function createEncoder(encoding, sizeHint) {
  if (encoding === 'br') {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    if (sizeHint > 0) params[zlib.constants.BROTLI_PARAM_SIZE_HINT] = sizeHint;
    return zlib.createBrotliCompress({ params });
  }
  return zlib.createGzip({ level: 6 });
}

/** Wraps `handler(req, res)`: same handler, compressed and cached responses. */
export function compressAndCache(handler) {
  return (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const writeHead = res.writeHead;
    const write = res.write;
    const end = res.end;
    /** Bytes of a body handed whole to end() before the head went out (threshold check). */
    let pendingLength;
    let headed = false;
    /** The compressor, once this response is being compressed. */
    let encoder = null;
    let flushScheduled = false;
    /** A hashed asset's body compressed before: the handler's body is passed over and this is sent. */
    let precompressed = null;

    const startEncoding = (name, sizeHint, keepAs) => {
      encoder = createEncoder(name, sizeHint);
      const kept = keepAs ? [] : null;
      encoder.on('data', (chunk) => {
        kept?.push(chunk);
        if (!write.call(res, chunk)) encoder.pause();
      });
      if (kept) encoder.on('end', () => keepCompressedAsset(keepAs, Buffer.concat(kept)));
      res.on('drain', () => encoder?.resume());
      // A source piped into res (static files) waits for res's 'drain' when the compressor is full.
      encoder.on('drain', () => res.emit('drain'));
      encoder.on('end', () => end.call(res));
      encoder.on('error', (error) => res.destroy(error));
      res.on('close', () => {
        if (!res.writableFinished) encoder?.destroy();
      });
    };

    // Decides, once, just before the head goes out: cache header for hashed assets, then whether
    // to compress from the status, Content-Type, Content-Encoding and length.
    const decide = () => {
      const status = res.statusCode;
      const hashedAsset = pathname.startsWith(HASHED_ASSETS) && status === 200;
      if (hashedAsset) res.setHeader('Cache-Control', IMMUTABLE);
      const immutable = status === 200 && res.getHeader('cache-control') === IMMUTABLE;
      if (!isCompressible(res.getHeader('content-type'))) return;
      appendVary(res, 'Accept-Encoding');
      if (encoding === null || req.method === 'HEAD' || status < 200 || status === 204 || status === 304) return;
      if (res.getHeader('content-encoding') !== undefined) return;
      const declared = res.getHeader('content-length');
      const length = declared !== undefined ? Number(declared) : pendingLength;
      if (length !== undefined && length < COMPRESS_MIN_BYTES) return;
      res.removeHeader('Content-Length');
      res.setHeader('Content-Encoding', encoding);
      const etag = res.getHeader('etag');
      if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('ETag', `W/${etag}`);
      const asset = immutable ? { key: `${encoding} ${pathname}`, kind: hashedAsset ? 'hashed' : 'immutable' } : null;
      precompressed = asset === null ? null : (compressedAssets.get(asset.key) ?? null);
      if (precompressed !== null) res.setHeader('Content-Length', precompressed.length);
      else startEncoding(encoding, length ?? 0, asset);
    };

    res.writeHead = (...args) => {
      if (headed) return writeHead.apply(res, args);
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
      return message === undefined ? writeHead.call(res, status) : writeHead.call(res, status, message);
    };

    res.write = (...args) => {
      const [chunk, chunkEncoding, callback] = args;
      if (!headed) res.writeHead(res.statusCode);
      if (precompressed !== null) {
        const done = typeof chunkEncoding === 'function' ? chunkEncoding : callback;
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
