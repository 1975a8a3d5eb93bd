/**
 * Paints deal pictures into the media folder, once (docs/decisions/036-demo-data-outside-the-shop.md):
 * the seed renders, the shop serves files (scripts/serve/media.mjs). Every picture a `deal_images`
 * row names with a painted path (./deal-image.ts dealImagePath), and the shop's fallback picture, is
 * written when the folder lacks it, so a database seeded before pictures were files gets them from
 * the prepare step, and a second run writes nothing. A picture's bytes follow from its URL alone, so
 * databases may share one folder. A raster renderer would write its files here the same way.
 */
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { FALLBACK_DEAL_IMAGE } from '@/server/catalog';
import type { Db } from '@/server/db';
import { mediaFile } from '../serve/media.mjs';
import { dealImageSeed, parseDealImagePath, renderDealImageSvg } from './deal-image';
import { shipDealVideos } from './deal-videos';

/** Every painted picture is drawn at this size (the seed's deal_images rows say 800 by 500). */
const WIDTH = 800;
const HEIGHT = 500;
/** Files written at once: enough to keep the disk busy, few enough to leave the other core alone. */
const WRITES_AT_ONCE = 16;

export interface PaintSummary {
  /** Painted pictures the URLs name. */
  pictures: number;
  /** How many of them were missing and are written now. */
  painted: number;
  /** Elapsed wall-clock milliseconds. */
  ms: number;
}

/** Writes a file whole or not at all: a reader (or a painter beside this one) never sees half of it. */
async function writeWhole(file: string, body: string): Promise<void> {
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, body);
  await rename(partial, file);
}

/**
 * Paints the pictures these URL paths name that `dir` does not hold yet. URLs that are not painted
 * pictures (a merchant's photo, say) are left alone.
 */
export async function paintPictures(urls: Iterable<string>, dir: string): Promise<PaintSummary> {
  const started = performance.now();
  const byFolder = new Map<string, Map<string, string>>();
  for (const url of urls) {
    const file = parseDealImagePath(url) === null ? null : mediaFile(dir, url);
    if (file === null) continue;
    const folder = path.dirname(file);
    const files = byFolder.get(folder) ?? new Map<string, string>();
    files.set(path.basename(file), url);
    byFolder.set(folder, files);
  }
  const missing: { file: string; url: string }[] = [];
  let pictures = 0;
  for (const [folder, files] of byFolder) {
    pictures += files.size;
    await mkdir(folder, { recursive: true });
    const present = new Set(await readdir(folder));
    for (const [name, url] of files) if (!present.has(name)) missing.push({ file: path.join(folder, name), url });
  }
  for (let start = 0; start < missing.length; start += WRITES_AT_ONCE) {
    await Promise.all(
      missing.slice(start, start + WRITES_AT_ONCE).map(({ file, url }) => {
        const picture = parseDealImagePath(url);
        if (picture === null) return undefined;
        const seed = dealImageSeed(picture.dealId, picture.position);
        return writeWhole(file, renderDealImageSvg({ theme: picture.theme, seed, width: WIDTH, height: HEIGHT }));
      }),
    );
  }
  return { pictures, painted: missing.length, ms: Math.round(performance.now() - started) };
}

/**
 * Paints the pictures the database's deals name, and the shop's fallback, into `dir` where missing;
 * copies in the demo videos the deals name there too (./deal-videos.ts, decision 056).
 */
export async function paintDealPictures(db: Db, dir: string): Promise<PaintSummary> {
  const rows = await db.execute<{ url: string }>(sql`select distinct url from deal_images`);
  const summary = await paintPictures([FALLBACK_DEAL_IMAGE.url, ...rows.rows.map((row) => row.url)], dir);
  await shipDealVideos(db, dir);
  return summary;
}
