/**
 * npm run db:reset — drops every table, migrates from scratch, seeds the default catalogue and paints
 * the pictures the media folder lacks (MEDIA_DIR).
 */
import { sql } from 'drizzle-orm';
import { withDatabase } from './cli';
import { paintDealPictures, seedCatalogue } from './seed';
import { mediaDir } from './serve/media.mjs';

await withDatabase(async (database) => {
  const { db } = database;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
  await database.migrate();
  const summary = await seedCatalogue(db, { giftCard: true, onProgress: (message) => console.log(`  ${message}`) });
  console.log(`✔ Reset ${database.engine} database (${database.where}):`, JSON.stringify(summary));
  const pictures = await paintDealPictures(db, mediaDir());
  console.log(`✔ Painted ${pictures.painted} of ${pictures.pictures} deal pictures`);
});
