/** Run by npm start before serving: migrate, seed only when the catalogue is empty, add missing seeded guides. */
import { seedGuides } from '@/server/content';
import { isCatalogueEmpty, seedCatalogue } from '@/server/seed';
import { withDatabase } from './cli';

await withDatabase(async (database) => {
  await database.migrate();
  if (await isCatalogueEmpty(database.db)) {
    console.log(`• Empty ${database.engine} database (${database.where}): seeding the UK catalogue…`);
    // SEED_DEALS (scale demo, tests): a smaller or larger catalogue than the default 3,200 deals.
    const deals = Number(process.env.SEED_DEALS) || undefined;
    const summary = await seedCatalogue(database.db, {
      deals,
      giftCard: true,
      onProgress: (message) => console.log(`  ${message}`),
    });
    console.log(`✔ Seeded: ${summary.deals} deals in ${(summary.ms / 1000).toFixed(1)} s`);
  } else {
    console.log(`✔ Database ready (${database.engine}, ${database.where})`);
  }
  const guides = await seedGuides(database.db);
  if (guides > 0) console.log(`✔ Seeded ${guides} guides`);
});
