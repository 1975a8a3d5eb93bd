/**
 * Run by npm start before serving: migrate, seed the demo only when the catalogue is empty, add the
 * shop's own products and the demo guides that are missing, and paint the deal pictures the media
 * folder (MEDIA_DIR) lacks (docs/decisions/036-demo-data-outside-the-shop.md). Each step is quick
 * when there is nothing to add.
 */

import { serverConfig } from '@/server/config';
import { withDatabase } from './cli';
import { ensureShopProducts, isCatalogueEmpty, paintDealPictures, seedCatalogue } from './seed';
import { seedGuides } from './seed/guides';
import { mediaDir } from './serve/media.mjs';

await withDatabase(async (database) => {
  await database.migrate();
  if (await isCatalogueEmpty(database.db)) {
    console.log(`• Empty ${database.engine} database (${database.where}): seeding the UK catalogue…`);
    // SEED_DEALS (scale demo, tests): a smaller or larger catalogue than the default 3,200 deals.
    const summary = await seedCatalogue(database.db, {
      deals: serverConfig().seedDeals,
      giftCard: true,
      onProgress: (message) => console.log(`  ${message}`),
    });
    console.log(`✔ Seeded: ${summary.deals} deals in ${(summary.ms / 1000).toFixed(1)} s`);
  } else {
    console.log(`✔ Database ready (${database.engine}, ${database.where})`);
  }
  await ensureShopProducts(database.db, new Date());
  const guides = await seedGuides(database.db);
  if (guides > 0) console.log(`✔ Seeded ${guides} guides`);
  const pictures = await paintDealPictures(database.db, mediaDir());
  if (pictures.painted > 0)
    console.log(
      `✔ Painted ${pictures.painted} deal pictures into ${mediaDir()} in ${(pictures.ms / 1000).toFixed(1)} s`,
    );
  else console.log(`✔ Deal pictures ready (${pictures.pictures} in ${mediaDir()}, checked in ${pictures.ms} ms)`);
});
