/**
 * Deal videos (spec 3 video state; docs/decisions/056): the seed gives a few deals a short video;
 * the deal API carries it (sources, poster, captions where speech is heard) and the deal page's
 * server HTML shows it as the gallery's second slide, muted, looping, loading nothing until asked,
 * with its poster, its size and the browser's own controls until the page's script takes over.
 * A video with speech cannot be stored without captions.
 */

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIContext } from 'astro';
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { DEMO_VIDEO_FOLDER, DEMO_VIDEOS } from '../../scripts/seed/deal-videos';
import { paintDealPictures } from '../../scripts/seed/pictures';
import { videoFile } from '../../scripts/serve/media.mjs';
import DealOverview from '../../src/components/deal/DealOverview.astro';
import { DealDetailSchema } from '../../src/contracts/deal-detail';
import { clearCatalogueCaches, retrieveDeal } from '../../src/server/catalog';
import type { Database } from '../../src/server/db/client';
import { dealVideos } from '../../src/server/db/schema';
import { embedded } from './databases';
import { createContainer } from './support/container';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { GET: getDeal } = await import('../../src/pages/api/v1/deal/[id]');

const [pglite] = embedded;

function context(url: string, params: Record<string, string>): APIContext {
  return { url: new URL(url), params, request: new Request(url), cache: { set: () => {} } } as unknown as APIContext;
}

describe('deal videos (spec 3 video state; decision 056)', () => {
  let database: Database;
  let container: AstroContainer;
  let media: string;
  const byName = new Map<string, number>();

  beforeAll(async () => {
    if (!pglite) throw new Error('no engine');
    clearCatalogueCaches();
    database = await pglite.open();
    shared.database = database;
    await seedCatalogue(database.db, { deals: 400, seed: 56 });
    for (const row of await database.db.select().from(dealVideos)) {
      byName.set(path.basename(row.webmUrl, '.webm'), row.dealId);
    }
    media = mkdtempSync(path.join(tmpdir(), 'deal-videos-'));
    container = await createContainer();
  }, 120_000);

  afterAll(async () => {
    shared.database = undefined;
    clearCatalogueCaches();
    await database?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('the seed gives each demo video one deal, and the prepare step copies its files into the media folder', async () => {
    expect([...byName.keys()].sort()).toEqual(DEMO_VIDEOS.map((video) => video.name).sort());
    await paintDealPictures(database.db, media);
    for (const row of await database.db.select().from(dealVideos)) {
      for (const url of [row.webmUrl, row.mp4Url, row.posterUrl, row.captionsUrl]) {
        if (url === null) continue;
        const file = videoFile(media, url);
        if (file === null) throw new Error(`${url} is not a video address`);
        // The served file is the committed one, byte for byte (nothing is encoded or fetched).
        expect(readFileSync(file).equals(readFileSync(path.join(DEMO_VIDEO_FOLDER, path.basename(file))))).toBe(true);
      }
    }
  });

  it('GET /api/v1/deal/{id} carries the video: WebM then MP4, poster, size, and captions where speech is heard', async () => {
    const id = String(byName.get('beach-waves'));
    const response = await getDeal(context(`http://localhost/api/v1/deal/${id}`, { id }));
    expect(response.status).toBe(200);
    const { video } = DealDetailSchema.parse(await response.json());
    expect(video).toEqual({
      sources: [
        { url: '/videos/deals/beach-waves.webm', type: 'video/webm' },
        { url: '/videos/deals/beach-waves.mp4', type: 'video/mp4' },
      ],
      posterUrl: '/videos/deals/beach-waves.webp',
      captionsUrl: '/videos/deals/beach-waves.vtt',
      hasSpeech: true,
      width: 640,
      height: 360,
      durationMs: 6000,
      title: 'Waves rolling onto a palm-fringed beach in the sun',
    });
    // The captions file says what the narration says.
    const captions = readFileSync(path.join(DEMO_VIDEO_FOLDER, 'beach-waves.vtt'), 'utf8');
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect(captions).toContain('Sun, sea and soft white sand.');
  });

  it('a video without speech has no captions; a deal without a video says null', async () => {
    const spa = await retrieveDeal(database.db, byName.get('spa-ripples') ?? 0);
    expect(spa?.video).toMatchObject({ hasSpeech: false, captionsUrl: null });
    const plain = await database.db.execute<{ id: number }>(
      sql`select id from deals where status = 'live' and id not in (select deal_id from deal_videos) order by id limit 1`,
    );
    const other = await retrieveDeal(database.db, Number(plain.rows[0]?.id));
    expect(other).not.toBeNull();
    expect(other?.video).toBeNull();
  });

  it('the deal page shows the video second in the gallery: muted, inline, looping, preload none, poster, size, captions, native controls', async () => {
    const deal = await retrieveDeal(database.db, byName.get('beach-waves') ?? 0);
    if (!deal) throw new Error('seeded deal missing');
    const html = (
      await container.renderToString(DealOverview, {
        props: { deal, related: [], reviews: null, shareUrl: `http://localhost/deal/${deal.id}`, now: new Date() },
        request: new Request(`http://localhost/deal/${deal.id}`),
      })
    ).replace(/ data-astro-source-[a-z]+="[^"]*"/g, '');
    const video = /<video\b[^>]*>[\s\S]*?<\/video>/.exec(html)?.[0] ?? '';
    expect(video).not.toBe('');
    for (const attribute of [
      /\smuted(=""|\s|>)/i,
      /\splaysinline(=""|\s|>)/i,
      /\sloop(=""|\s|>)/i,
      /\scontrols(=""|\s|>)/i,
      /\spreload="none"/,
      /\sposter="\/videos\/deals\/beach-waves\.webp"/,
      /\swidth="640"/,
      /\sheight="360"/,
      /\saria-label="Waves rolling onto a palm-fringed beach in the sun"/,
    ]) {
      // HTML attribute names are case-insensitive (React writes playsInline, srcLang).
      expect(video).toMatch(attribute);
    }
    expect(video).toContain('<source src="/videos/deals/beach-waves.webm" type="video/webm"');
    expect(video).toContain('<source src="/videos/deals/beach-waves.mp4" type="video/mp4"');
    expect(video).toMatch(
      /<track kind="captions" srclang="en" label="English" src="\/videos\/deals\/beach-waves\.vtt" default/i,
    );
    // Second slide: the deal's first picture stays the first thing the gallery shows and loads.
    const [, first = '', second = ''] = html.split('class="deal-gallery__slide"');
    expect(first).toContain('<img');
    expect(first).not.toContain('<video');
    expect(second).toContain('<video');
  });

  it('a video with speech cannot be stored without captions (captions wherever speech is heard)', async () => {
    const id = byName.get('spa-ripples') ?? 0;
    await expect(
      database.db.update(dealVideos).set({ hasSpeech: true }).where(eq(dealVideos.dealId, id)),
    ).rejects.toThrow();
  });
});
