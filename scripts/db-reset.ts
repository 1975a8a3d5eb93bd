/** npm run db:reset — drops every table, migrates from scratch and seeds the default catalogue. */
import { sql } from 'drizzle-orm';
import { seedCatalogue } from '@/server/seed';
import { withDatabase } from './cli';

await withDatabase(async (database) => {
  const { db } = database;
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
  await database.migrate();
  const summary = await seedCatalogue(db, { giftCard: true, onProgress: (message) => console.log(`  ${message}`) });
  console.log(`✔ Reset ${database.engine} database (${database.where}):`, JSON.stringify(summary));
});
