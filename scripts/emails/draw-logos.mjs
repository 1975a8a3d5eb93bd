/**
 * Draws each brand's logo as a PNG for email (decision 042): many mail programs show no SVG. Run
 * once after a logo changes (`node scripts/emails/draw-logos.mjs`); the PNGs are committed in
 * public/email/ and served from the public origin like any static file.
 */
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const from = path.resolve('public/brand');
const to = path.resolve('public/email');
await mkdir(to, { recursive: true });
for (const name of await readdir(from)) {
  if (!name.endsWith('.svg') || name.includes('-mark')) continue;
  const brand = name.replace(/\.svg$/, '');
  // Drawn at twice the 160 px it is shown at, for sharp screens.
  await sharp(path.join(from, name), { density: 300 })
    .resize({ width: 320 })
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(to, `logo-${brand}.png`));
  console.log(`public/email/logo-${brand}.png`);
}
