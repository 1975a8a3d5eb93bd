/**
 * npm run content:editor -- grant <email> | revoke <email>
 * Grants or revokes the content editor role (docs/decisions/023) of an existing account. Audited as "script".
 */
import { grantContentEditor, revokeContentEditor } from '@/server/content';
import { withDatabase } from './cli';

const [verb, email] = process.argv.slice(2).filter((arg) => arg !== '--');
if ((verb !== 'grant' && verb !== 'revoke') || !email) {
  console.error('Usage: npm run content:editor -- grant <email> | revoke <email>');
  process.exit(2);
}

await withDatabase(async ({ db }) => {
  try {
    const changed =
      verb === 'grant' ? await grantContentEditor(db, email, 'script') : await revokeContentEditor(db, email, 'script');
    const state = verb === 'grant' ? 'is a content editor' : 'is not a content editor';
    console.log(`✔ ${email} ${state}${changed ? '' : ' (no change)'}`);
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
});
