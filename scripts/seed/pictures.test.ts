/**
 * The seed paints deal pictures into the media folder once (docs/decisions/036): every painted
 * picture a URL names, byte for byte what the painter draws for it, only where the folder lacks it,
 * so the prepare step on every start is quick and a database seeded before pictures were files gets
 * them.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dealImagePath, dealImageSeed, renderDealImageSvg } from './deal-image';
import { paintPictures } from './pictures';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function mediaFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pictures-'));
  folders.push(folder);
  return folder;
}

const urls = [
  dealImagePath('spa', 31000001, 0),
  dealImagePath('spa', 31000001, 1),
  dealImagePath('drinks', 31000002, 0),
];

describe('paintPictures', () => {
  it('writes each picture under deals/<theme>/, the bytes the painter draws for its URL', async () => {
    const dir = mediaFolder();
    const summary = await paintPictures(urls, dir);
    expect(summary).toMatchObject({ pictures: 3, painted: 3 });
    const file = path.join(dir, 'deals', 'drinks', '31000002-0.svg');
    const drawn = renderDealImageSvg({ theme: 'drinks', seed: dealImageSeed(31000002, 0), width: 800, height: 500 });
    expect(readFileSync(file, 'utf8')).toBe(drawn);
    expect(readdirSync(path.join(dir, 'deals', 'spa')).sort()).toEqual(['31000001-0.svg', '31000001-1.svg']);
  });

  it('paints nothing the second time, and only what went missing after that', async () => {
    const dir = mediaFolder();
    await paintPictures(urls, dir);
    const kept = path.join(dir, 'deals', 'spa', '31000001-0.svg');
    const writtenAt = statSync(kept).mtimeMs;
    expect(await paintPictures(urls, dir)).toMatchObject({ pictures: 3, painted: 0 });
    unlinkSync(path.join(dir, 'deals', 'spa', '31000001-1.svg'));
    expect(await paintPictures(urls, dir)).toMatchObject({ pictures: 3, painted: 1 });
    expect(statSync(kept).mtimeMs).toBe(writtenAt);
    // No half-written file is left behind beside the pictures.
    expect(readdirSync(path.join(dir, 'deals', 'spa')).sort()).toEqual(['31000001-0.svg', '31000001-1.svg']);
  });

  it('leaves alone URLs that are not painted pictures', async () => {
    const dir = mediaFolder();
    const others = ['https://photos.example/deal.jpg', '/images/deals/spa/31000001.svg', '/images/deals/moon/1-0.svg'];
    expect(await paintPictures(others, dir)).toMatchObject({ pictures: 0, painted: 0 });
    expect(readdirSync(dir)).toEqual([]);
  });
});
