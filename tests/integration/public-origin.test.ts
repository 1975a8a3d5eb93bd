/**
 * On embedded PGlite: an emailed link is built from the configured public origin (SITE_URL,
 * read at run time), never from the request's Host. A reset asked for through a request that names
 * evil.example mails a link on SITE_URL.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { outbox } from '../../src/server/db/schema';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';
import { mailText, renderedMail } from './support/mail';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: askForReset } = await import('../../src/pages/api/v1/user/password_reset');
const { publicOrigin } = await import('../../src/server/runtime/public-origin');

describe.each(embedded)('emailed links on $name', (engine) => {
  beforeAll(async () => {
    shared.database = await engine.open();
  }, 120_000);
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  it('a reset asked for with Host evil.example mails a link on SITE_URL, not on evil.example', async () => {
    const database = shared.database;
    if (!database) throw new Error('no db');
    // SITE_URL as configured for this run (its default, http://localhost:4321, unless set).
    const site = publicOrigin();
    expect(site).toBe(new URL(process.env.SITE_URL ?? 'http://localhost:4321').origin);
    const user = await addShopper(database.db);
    const url = 'http://evil.example/api/v1/user/password_reset';
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example' },
      body: JSON.stringify({ email: user.email }),
    });
    const response = await askForReset({ request, url: new URL(url) } as unknown as Parameters<typeof askForReset>[0]);
    expect(response.status).toBe(202);

    const [mail] = await database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    if (mail === undefined) throw new Error('no reset mailed');
    const text = await mailText(mail);
    expect(text).toContain(`${site}/forgot-password/reset?token=`);
    expect(text).not.toContain('evil.example');
    // The HTML part's links too.
    expect((await renderedMail(mail)).html).not.toContain('evil.example');
  });
});
