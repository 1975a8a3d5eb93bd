/**
 * npm run db:seed [-- --deals N] [-- --seed S] [-- --if-empty]
 * Replaces the catalogue with a deterministic UK catalogue (3,200 deals by default) and paints its
 * pictures into the media folder (MEDIA_DIR; docs/decisions/036-demo-data-outside-the-shop.md).
 */
import { sql } from 'drizzle-orm';
import { argValue, hasFlag, withDatabase } from './cli';
import { isCatalogueEmpty, paintDealPictures, seedCatalogue } from './seed';
import { seedGuides } from './seed/guides';
import { mediaDir } from './serve/media.mjs';

const deals = Number(argValue('deals') ?? 3200);
const seed = Number(argValue('seed') ?? 20261123);
if (!Number.isInteger(deals) || deals < 1) {
  console.error('✖ --deals must be a whole number of at least 1');
  process.exit(2);
}

await withDatabase(async (database) => {
  await database.migrate();
  const { db } = database;
  if (hasFlag('if-empty') && !(await isCatalogueEmpty(db))) {
    console.log('✔ Catalogue already seeded; leaving it as it is');
    return;
  }
  await db.execute(
    sql`truncate deal_images, deal_product_stock, deal_products, deals, merchants, categories, locations restart identity cascade`,
  );
  const started = performance.now();
  const summary = await seedCatalogue(db, {
    deals,
    seed,
    giftCard: true,
    onProgress: (message) => console.log(`  ${message}`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`✔ Seeded ${database.engine} (${database.where}) in ${seconds} s:`, JSON.stringify(summary));
  // Guides are editors' work: only missing seeded guides are added, never overwritten.
  const guides = await seedGuides(db);
  console.log(`✔ Seeded guides: ${guides} added`);
  const pictures = await paintDealPictures(db, mediaDir());
  console.log(
    `✔ Painted ${pictures.painted} of ${pictures.pictures} deal pictures in ${(pictures.ms / 1000).toFixed(1)} s`,
  );
});
