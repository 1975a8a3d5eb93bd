/**
 * Bounded reading of request bodies (spec 8 "bad input gets a clear error, a 4xx not a 5xx";
 * docs/decisions/038-one-http-edge.md): every body the edge reads goes through here, so a body too
 * large is a 413 and JSON nested too deeply is a 400, each answered before anything parses it.
 * - size: the body is read as a stream and given up at the limit (a Content-Length over it is
 *   refused before reading a byte); the shop takes no uploads, so 1 MB fits every form and JSON call;
 * - depth: the text is scanned for bracket nesting outside strings before JSON.parse, so neither the
 *   parser nor any recursive walk over the value (the NUL check, zod) meets thousands of levels.
 */

/** The largest body any endpoint, action or form accepts: 1 MB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The deepest JSON nesting (objects and arrays) accepted; the shop's contracts nest a few levels. */
export const MAX_JSON_DEPTH = 32;

/** What a caller reads when the body is refused before parsing. */
export const BOUND_MESSAGES = {
  tooLarge: `The request body is too large (at most ${MAX_BODY_BYTES} bytes).`,
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
} as const;

export type BoundedBytes = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; status: 413; message: string };

/** True when the request's Content-Length already says it is over `limit`. */
export function declaresTooLarge(request: Request, limit = MAX_BODY_BYTES): boolean {
  const declared = Number(request.headers.get('content-length') ?? '');
  return Number.isFinite(declared) && declared > limit;
}

/** The body's bytes, read as a stream and given up (the stream cancelled) once past `limit`. */
export async function readBoundedBytes(request: Request, limit = MAX_BODY_BYTES): Promise<BoundedBytes> {
  const tooLarge = { ok: false, status: 413, message: BOUND_MESSAGES.tooLarge } as const;
  if (declaresTooLarge(request, limit)) return tooLarge;
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Not awaited: on a clone (a tee) the cancel settles only once the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * True when JSON text nests objects and arrays deeper than `max`. Brackets inside strings (with
 * their escapes, `\"` and `\\`) do not count; the text need not be valid JSON.
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i++; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

export type BoundedJson =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; reason: 'tooLarge' | 'tooDeep' | 'notJson' };

/**
 * Reads a JSON body within the bounds: over the size is 413 `tooLarge`, nested past the depth is 400
 * `tooDeep`, unparsable is 400 `notJson`; an empty (or blank) body is `empty`.
 */
export async function readBoundedJson(
  request: Request,
  options: { maxBytes?: number; maxDepth?: number; empty?: unknown } = {},
): Promise<BoundedJson> {
  const read = await readBoundedBytes(request, options.maxBytes ?? MAX_BODY_BYTES);
  if (!read.ok) return { ok: false, status: 413, reason: 'tooLarge' };
  return parseBoundedJson(new TextDecoder().decode(read.bytes), options);
}

/** JSON.parse behind the depth check (the text is already within the size). */
export function parseBoundedJson(text: string, options: { maxDepth?: number; empty?: unknown } = {}): BoundedJson {
  if (text.trim() === '') return { ok: true, value: 'empty' in options ? options.empty : {} };
  if (jsonNestsDeeperThan(text, options.maxDepth ?? MAX_JSON_DEPTH))
    return { ok: false, status: 400, reason: 'tooDeep' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, reason: 'notJson' };
  }
}
