/**
 * A shopper meets a deal's video (spec 3 video state: autoPlayable, playing, visibility per id;
 * docs/decisions/056): the gallery's second slide plays muted once it is on screen and pauses when
 * scrolled away, at desktop and phone widths; a shopper who asks for reduced motion sees the poster
 * until they press Play; captions show where speech is heard; the file is served in byte ranges.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { AxeBuilder } from './axe';
import { videoDeals } from './deal-fixtures';

const narrated = videoDeals.find(({ video }) => video.name === 'beach-waves');
if (!narrated) throw new Error('the seed gave the narrated demo video no deal');
const dealPath = `/deal/${narrated.dealId}`;

const isPaused = (video: Locator) => video.evaluate((element) => (element as HTMLVideoElement).paused);

/** Opens the deal and moves its gallery to the video (once the gallery has hydrated: its dots appear then). */
async function showVideo(page: Page): Promise<{ gallery: Locator; video: Locator }> {
  await page.goto(dealPath);
  const gallery = page.getByRole('region', { name: /^Pictures of/ });
  const video = gallery.locator('video');
  await expect(video).toHaveAttribute('poster', '/videos/deals/beach-waves.webp');
  // Off to the side of the first picture, it waits: nothing plays and nothing loads.
  expect(await isPaused(video)).toBe(true);
  // The pointer reaching the gallery wakes it (client:interact, decision 068): its dots appear.
  await gallery.hover();
  const dot = gallery.getByRole('button', { name: /^Show the video 2 of \d+$/ });
  await dot.click();
  await expect(dot).toHaveAttribute('aria-current', 'true');
  return { gallery, video };
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the deal video plays muted when moved into view, pauses when scrolled away, and its button pauses it', async ({
      page,
    }) => {
      const { gallery, video } = await showVideo(page);
      await expect.poll(() => isPaused(video)).toBe(false);
      expect(await video.evaluate((element) => (element as HTMLVideoElement).muted)).toBe(true);
      // The page's own control replaces the browser's; captions show where speech is heard.
      expect(await video.evaluate((element) => (element as HTMLVideoElement).controls)).toBe(false);
      await expect
        .poll(() => video.evaluate((element) => (element as HTMLVideoElement).textTracks[0]?.mode))
        .toBe('showing');

      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => isPaused(video)).toBe(true);
      await video.scrollIntoViewIfNeeded();
      await expect.poll(() => isPaused(video)).toBe(false);

      // The Play/Pause button works from the keyboard, and a paused video stays paused.
      const pause = gallery.getByRole('button', { name: 'Pause video' });
      await pause.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => isPaused(video)).toBe(true);
      await expect(gallery.getByRole('button', { name: 'Play video' })).toBeFocused();

      const results = await new AxeBuilder({ page }).include('.deal-gallery').analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  });
}

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the deal video never starts by itself: the poster shows until the shopper presses Play', async ({ page }) => {
    const { gallery, video } = await showVideo(page);
    const play = gallery.getByRole('button', { name: 'Play video' });
    await expect(play).toBeVisible();
    // Two frames after it came into view, its visibility has been observed: it has not started.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
    );
    expect(await isPaused(video)).toBe(true);
    // Nothing played, nothing loaded (preload none): what shows is the poster.
    expect(await video.evaluate((element) => (element as HTMLVideoElement).readyState)).toBe(0);
    await play.click();
    await expect.poll(() => isPaused(video)).toBe(false);
  });
});

test('the video, its poster and its captions are files served for a year; the video in byte ranges (206)', async ({
  request,
}) => {
  const range = await request.get('/videos/deals/beach-waves.webm', { headers: { Range: 'bytes=0-1023' } });
  expect(range.status()).toBe(206);
  expect(range.headers()['content-type']).toBe('video/webm');
  expect(range.headers()['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
  expect((await range.body()).length).toBe(1024);
  expect(range.headers()['cache-control']).toContain('immutable');
  const captions = await request.get('/videos/deals/beach-waves.vtt');
  expect(captions.headers()['content-type']).toBe('text/vtt; charset=utf-8');
  expect(await captions.text()).toContain('Sun, sea and soft white sand.');
  expect((await request.get('/videos/deals/beach-waves.webp')).headers()['content-type']).toBe('image/webp');
});
