/**
 * The demo deal videos (docs/decisions/056-deal-videos.md): three short clips made once by
 * ./make-deal-videos.ts and committed in ./videos, attached to a few seeded deals and copied into
 * the media folder, which serves them under `/videos/deals/` (scripts/serve/media.mjs). Nothing is
 * fetched or encoded at seed or run time.
 */
import { copyFile, mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import * as s from '@/server/db/schema';
import { videoFile } from '../serve/media.mjs';
import { type DealImageTheme, parseDealImagePath } from './deal-image';

/** Where the committed files are. */
export const DEMO_VIDEO_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'videos');

export interface DemoVideo {
  name: 'spa-ripples' | 'beach-waves' | 'balloons-rising';
  /** The picture theme of the deal it is attached to (its first picture's). */
  theme: DealImageTheme;
  title: string;
  /** The spoken lines and when each is heard; none for a video without speech. */
  narration?: readonly { fromMs: number; toMs: number; text: string }[];
}

/** Every demo video: 640 by 360, 6 s, looping without a seam. */
export const DEMO_VIDEOS: readonly DemoVideo[] = [
  { name: 'spa-ripples', theme: 'spa', title: 'Ripples spreading on still water beside spa stones and a candle' },
  {
    name: 'beach-waves',
    theme: 'travel-beach',
    title: 'Waves rolling onto a palm-fringed beach in the sun',
    narration: [
      { fromMs: 300, toMs: 2800, text: 'Sun, sea and soft white sand.' },
      { fromMs: 3000, toMs: 5800, text: 'Your beach break starts here.' },
    ],
  },
  {
    name: 'balloons-rising',
    theme: 'activity',
    title: 'Hot air balloons floating over green hills',
    narration: [
      { fromMs: 300, toMs: 2800, text: 'Float above the hills.' },
      { fromMs: 3000, toMs: 5800, text: 'A flight to remember.' },
    ],
  },
];

const VIDEO_WIDTH = 640;
const VIDEO_HEIGHT = 360;
const VIDEO_DURATION_MS = 6000;
/** A video goes on a deal that stays on sale a while: live and closing more than 14 days away. */
const MIN_DAYS_LEFT = 14;
const DAY_MS = 86_400_000;

/** The `deal_videos` row of a demo video on a deal. */
export function demoVideoRow(video: DemoVideo, dealId: number): typeof s.dealVideos.$inferInsert {
  const url = (extension: string) => `/videos/deals/${video.name}.${extension}`;
  const hasSpeech = (video.narration?.length ?? 0) > 0;
  return {
    dealId,
    webmUrl: url('webm'),
    mp4Url: url('mp4'),
    posterUrl: url('webp'),
    captionsUrl: hasSpeech ? url('vtt') : null,
    hasSpeech,
    width: VIDEO_WIDTH,
    height: VIDEO_HEIGHT,
    durationMs: VIDEO_DURATION_MS,
    title: video.title,
  };
}

/**
 * Which deal each demo video goes on: for each, in order, the highest-id live deal closing more than
 * 14 days after `now` whose first picture has the video's theme. Pure, so the end-to-end fixtures
 * find the same deals in the generated catalogue as the seed does in the database.
 */
export function chooseVideoDeals(
  deals: readonly { id?: number; status?: string; closingDate: Date }[],
  firstPictures: readonly { dealId: number; url: string }[],
  now: Date,
): { video: DemoVideo; dealId: number }[] {
  const themeOf = new Map(firstPictures.map((picture) => [picture.dealId, parseDealImagePath(picture.url)?.theme]));
  const candidates = deals
    .flatMap(({ id, status, closingDate }) =>
      id !== undefined && status === 'live' && closingDate.getTime() > now.getTime() + MIN_DAYS_LEFT * DAY_MS
        ? [id]
        : [],
    )
    .sort((a, b) => b - a);
  return DEMO_VIDEOS.flatMap((video) => {
    const dealId = candidates.find((id) => themeOf.get(id) === video.theme);
    return dealId === undefined ? [] : [{ video, dealId }];
  });
}

/** Attaches the demo videos to their deals (none where the catalogue has no such deal). */
export async function seedDealVideos(db: Db, now: Date): Promise<number> {
  const [deals, firstPictures] = await Promise.all([
    db.select({ id: s.deals.id, status: s.deals.status, closingDate: s.deals.closingDate }).from(s.deals),
    db
      .select({ dealId: s.dealImages.dealId, url: s.dealImages.url })
      .from(s.dealImages)
      .where(eq(s.dealImages.position, 0))
      .orderBy(asc(s.dealImages.dealId)),
  ]);
  const chosen = chooseVideoDeals(deals, firstPictures, now);
  if (chosen.length > 0) {
    await db
      .insert(s.dealVideos)
      .values(chosen.map(({ video, dealId }) => demoVideoRow(video, dealId)))
      .onConflictDoNothing();
  }
  return chosen.length;
}

/**
 * Copies the demo video files the `deal_videos` rows name into the media folder where it lacks
 * them (written beside, then renamed in, so a reader never sees half a file). Names that are not
 * demo files (a merchant's upload, say) are left alone.
 */
export async function shipDealVideos(db: Db, dir: string): Promise<number> {
  const rows = await db.select().from(s.dealVideos);
  const urls = rows.flatMap((row) => [row.webmUrl, row.mp4Url, row.posterUrl, row.captionsUrl]);
  const shipped = new Set(await readdir(DEMO_VIDEO_FOLDER));
  let copied = 0;
  for (const url of new Set(urls)) {
    if (url === null) continue;
    const target = videoFile(dir, url);
    const name = target === null ? null : path.basename(target);
    if (target === null || name === null || !shipped.has(name)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    const present = new Set(await readdir(path.dirname(target)));
    if (present.has(name)) continue;
    const partial = `${target}.${process.pid}.partial`;
    await copyFile(path.join(DEMO_VIDEO_FOLDER, name), partial);
    await rename(partial, target);
    copied++;
  }
  return copied;
}
