/** npm run db:migrate — applies the committed SQL migrations. */
import { withDatabase } from './cli';

await withDatabase(async (database) => {
  const started = performance.now();
  await database.migrate();
  console.log(
    `✔ Migrated ${database.engine} database (${database.where}) in ${Math.round(performance.now() - started)} ms`,
  );
});
