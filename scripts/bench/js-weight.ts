/**
 * Gzipped JavaScript a page can load: its <script src>, inline scripts, and every island's
 * component and renderer module, following static and dynamic imports through the built
 * chunks in dist/client. What a shopper's browser downloads, measured as bytes on the wire.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const IMPORT_PATTERN = /(?:import|from)\s*\(?\s*["']([^"']+\.js)["']/g;
/** Static imports only: what the browser fetches before the module runs, not an `import()` made on demand. */
const STATIC_IMPORT_PATTERN = /(?:import|from)\s*["']([^"']+\.js)["']/g;

/**
 * The module URLs a page's HTML refers to, and its inline script text. `firstLoad` leaves out the
 * components of islands hydrated only when they come into view (client:visible) and the chunks an
 * island imports on demand (`import()`, e.g. the 3-D Secure flow once a purchase asks for it): what
 * the page loads before the shopper scrolls or acts (decision 033).
 */
export function scriptsOf(html: string, firstLoad = false): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) if (match[1]) urls.add(match[1]);
  const islands = html.match(/<astro-island\b[^>]*>/g) ?? [];
  const visibleOnly = new Set(
    islands.filter((tag) => /\bclient="visible"/.test(tag)).map((tag) => /\bcomponent-url="([^"]+)"/.exec(tag)?.[1]),
  );
  const atLoad = new Set(
    islands.filter((tag) => !/\bclient="visible"/.test(tag)).map((tag) => /\bcomponent-url="([^"]+)"/.exec(tag)?.[1]),
  );
  for (const match of html.matchAll(/\b(component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
    const url = match[2];
    if (!url) continue;
    if (firstLoad && match[1] === 'component-url' && visibleOnly.has(url) && !atLoad.has(url)) continue;
    urls.add(url);
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim().length > 0 && !text.trimStart().startsWith('{'));
  return { urls: [...urls], inline };
}

/** Total gzipped bytes of the page's JavaScript, reading modules from the built client folder. */
export function gzippedJsBytes(html: string, clientDir: string, firstLoad = false): { bytes: number; modules: number } {
  const { urls, inline } = scriptsOf(html, firstLoad);
  const seen = new Set<string>();
  const queue = urls.filter((url) => url.startsWith('/')).map((url) => url.split('?')[0] ?? url);
  let bytes = inline.reduce((sum, text) => sum + gzipSync(text).byteLength, 0);
  while (queue.length > 0) {
    const url = queue.pop();
    if (!url || seen.has(url)) continue;
    seen.add(url);
    let source: string;
    try {
      source = readFileSync(path.join(clientDir, url), 'utf8');
    } catch {
      continue;
    }
    bytes += gzipSync(source).byteLength;
    for (const match of source.matchAll(firstLoad ? STATIC_IMPORT_PATTERN : IMPORT_PATTERN)) {
      const target = match[1];
      if (!target) continue;
      queue.push(target.startsWith('/') ? target : path.posix.join(path.posix.dirname(url), target));
    }
  }
  return { bytes, modules: seen.size };
}
