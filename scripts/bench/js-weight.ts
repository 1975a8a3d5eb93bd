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

/** Islands whose component waits for the shopper: until seen (client:visible) or first touched (client:interact, decision 068). */
const DEFERRED = new Set(['visible', 'interact']);
/**
 * Islands that start React as the page loads: load, idle, media and only, and client:visible too, since
 * one in view at load hydrates at once (the bench cannot see the layout, so it counts them all).
 */
const RENDERER_AT_LOAD = new Set(['load', 'idle', 'media', 'only', 'visible']);

/**
 * The module URLs a page's HTML refers to, and its inline script text. `firstLoad` counts what the page
 * loads before the shopper scrolls or acts (decision 033): it leaves out the components of islands
 * hydrated only when they come into view (client:visible) or when first touched (client:interact,
 * decision 068), the renderer (React's client) unless some island starts it at load (decision 068), and
 * the chunks an island imports on demand (`import()`, e.g. the 3-D Secure flow once a purchase asks for it).
 */
export function scriptsOf(html: string, firstLoad = false): { urls: string[]; inline: string[] } {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) if (match[1]) urls.add(match[1]);
  const islands = (html.match(/<astro-island\b[^>]*>/g) ?? []).map((tag) => ({
    client: /\bclient="([^"]+)"/.exec(tag)?.[1] ?? '',
    component: /\bcomponent-url="([^"]+)"/.exec(tag)?.[1],
    renderers: [...tag.matchAll(/\b(?:renderer-url|before-hydration-url)="([^"]+)"/g)].map((match) => match[1]),
  }));
  const rendererAtLoad = islands.some((island) => RENDERER_AT_LOAD.has(island.client));
  for (const island of islands) {
    const deferred = DEFERRED.has(island.client);
    if (island.component && !(firstLoad && deferred)) urls.add(island.component);
    for (const url of island.renderers) if (url && !(firstLoad && !rendererAtLoad)) urls.add(url);
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

/**
 * The first load as a phone's browser makes it: the scripts headless Chromium fetches from this shop
 * while loading the page at Lighthouse's phone size (412 x 823), up to the load event and until the
 * network has been quiet for half a second, without scrolling or touching. Static analysis of the
 * HTML (`scriptsOf`) cannot tell an island in view at load from one at the foot of a 22,000 px page
 * (both client:visible); the browser can. Bytes are the built files gzipped, plus inline scripts.
 */
export async function browserFirstLoad(
  browser: import('@playwright/test').Browser,
  url: string,
  clientDir: string,
): Promise<{ bytes: number; modules: number }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const origin = new URL(url).origin;
    const scripts = new Set<string>();
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(origin)) {
        scripts.add(new URL(request.url()).pathname);
      }
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const { inline } = scriptsOf(await page.content());
    let bytes = inline.reduce((sum, text) => sum + gzipSync(text).byteLength, 0);
    for (const pathname of scripts) {
      try {
        bytes += gzipSync(readFileSync(path.join(clientDir, pathname))).byteLength;
      } catch {
        // Not a built file (an API answer fetched as a script would be a bug elsewhere): not counted.
      }
    }
    return { bytes, modules: scripts.size };
  } finally {
    await context.close();
  }
}
