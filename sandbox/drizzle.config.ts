/**
 * drizzle-kit for the payment sandbox's own schema (`npm run sandbox:db:generate`): its tables in
 * the PostgreSQL schema `sandbox`, its migrations beside its client, recorded inside that schema
 * (docs/decisions/035-sandbox-as-its-own-app.md). The shop's drizzle.config.ts never sees them.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './sandbox/db/schema.ts',
  out: './sandbox/db/migrations',
  schemaFilter: ['sandbox'],
  migrations: { schema: 'sandbox', table: '__drizzle_migrations' },
});
