/**
 * The account home and a shopper's own email preferences (docs/decisions/049): /email/preferences
 * for a guest without a link (guidance, 200), for a signed-in shopper without a link (their own
 * address, changed through the spec 7 email-preferences service), and still for an emailed link;
 * /account and /dashboard (spec 2 page types) redirect to /myaccount. Pages are rendered as the
 * server renders them, with what the middleware puts on Astro.locals.
 */
import type { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFERENCES_COPY } from '../../src/domain/email-preferences';
import { DEMO_TRADING } from '../../src/domain/trading';
import type { Database } from '../../src/server/db/client';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { createContainer } from './support/container';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);
const subscribers = await import('../../src/server/email-subscribers');
const { default: PreferencesPage } = await import('../../src/pages/email/preferences.astro');
const accountRoute = await import('../../src/pages/account');
const dashboardRoute = await import('../../src/pages/dashboard');

type Shopper = { firstName: string; email: string; isVip: boolean } | null;

/** Astro.locals as the middleware leaves them; `user` is set only for a signed-in shopper. */
const localsFor = (user: Shopper) => ({
  publicOrigin: 'http://localhost:4321',
  trading: DEMO_TRADING,
  brand: 'tuppence' as const,
  theme: 'tuppence' as const,
  themeNow: new Date(),
  user,
  rememberLocation: null,
  location: { shortName: 'london', name: 'London' },
  pageType: 'other' as const,
});

/** A same-site form post, as the browser sends the preferences form. */
const formPost = (url: string, fields: Array<[string, string]>) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost' },
    body: new URLSearchParams(fields).toString(),
  });

describe.each(embedded)('the account home and email preferences on $name', (engine) => {
  let container: AstroContainer;
  beforeAll(async () => {
    shared.database = await engine.open();
    container = await createContainer();
  });
  afterAll(async () => {
    await shared.database?.close();
  });
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  const open = async (request: Request, user: Shopper = null) => {
    const response = await container.renderToResponse(PreferencesPage, { request, locals: localsFor(user) });
    return { status: response.status, html: await response.text() };
  };

  it('spec 7: a guest without a link is told how to manage emails (sign in and come back, or an email’s link), 200', async () => {
    const { status, html } = await open(new Request('http://localhost/email/preferences'));
    expect(status).toBe(200);
    expect(html).toContain(PREFERENCES_COPY.guestSignIn);
    expect(html).toContain('href="/login?redirect=%2Femail%2Fpreferences"');
    expect(html).toContain('choose what we send you');
    expect(html).not.toContain('Save preferences');
  });

  it('spec 7: a guest with a link that is not valid gets the same guidance with a note, not a 404', async () => {
    const { status, html } = await open(new Request(`http://localhost/email/preferences?token=${'x'.repeat(43)}`));
    expect(status).toBe(200);
    expect(html).toContain(PREFERENCES_COPY.badLink);
    expect(html).toContain(PREFERENCES_COPY.guestSignIn);
  });

  it('spec 7: a signed-in shopper without a link sees and changes their own preferences', async () => {
    const user = await insertTestUser(db());
    const shopper = { firstName: user.firstName, email: user.email, isVip: false };
    const before = await open(new Request('http://localhost/email/preferences'), shopper);
    expect(before.status).toBe(200);
    expect(before.html).toContain(`For ${user.email}`);
    expect(before.html).toContain(PREFERENCES_COPY.notSubscribed);
    expect(before.html).toContain('Save preferences');
    // Inside My Account: the account menu, with this page marked current.
    expect(before.html).toMatch(/href="\/email\/preferences"[^>]*aria-current="page"/);

    const saved = await open(
      formPost('http://localhost/email/preferences', [
        ['topics', 'travel'],
        ['topics', 'gifts'],
        ['frequency', 'monthly'],
        ['intent', 'save'],
      ]),
      shopper,
    );
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(PREFERENCES_COPY.saved);
    const row = await subscribers.subscriberByEmail(db(), user.email);
    expect(row).toMatchObject({ status: 'subscribed', topics: ['travel', 'gifts'], frequency: 'monthly' });

    const left = await open(formPost('http://localhost/email/preferences', [['intent', 'unsubscribe']]), shopper);
    expect(left.html).toContain(PREFERENCES_COPY.unsubscribed);
    expect((await subscribers.subscriberByEmail(db(), user.email))?.status).toBe('unsubscribed');
    // The same row throughout: the shopper's address has one subscriber, whose emailed link still works.
    expect((await subscribers.subscriberByEmail(db(), user.email))?.manageToken).toBe(row?.manageToken);
  });

  it('spec 7: the emailed link still opens and changes that address, signed in or not', async () => {
    const email = `linked-${Date.now()}@example.co.uk`;
    const row = await subscribers.ensureShopperSubscriber(db(), email);
    const link = `http://localhost/email/preferences?token=${encodeURIComponent(row.manageToken)}`;
    const opened = await open(new Request(link));
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(`For ${email}`);
    const saved = await open(
      formPost(link, [
        ['token', row.manageToken],
        ['topics', 'local'],
        ['frequency', 'daily'],
      ]),
    );
    expect(saved.html).toContain(PREFERENCES_COPY.saved);
    expect(await subscribers.subscriberByEmail(db(), email)).toMatchObject({ topics: ['local'], frequency: 'daily' });
  });

  it('spec 2: a preferences form without any topic is refused with a clear message (400) and changes nothing', async () => {
    const user = await insertTestUser(db());
    const shopper = { firstName: user.firstName, email: user.email, isVip: false };
    const refused = await open(formPost('http://localhost/email/preferences', [['frequency', 'daily']]), shopper);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(PREFERENCES_COPY.noTopics);
    expect(await subscribers.subscriberByEmail(db(), user.email)).toBeNull();
  });

  it.each([
    ['/account', accountRoute],
    ['/dashboard', dashboardRoute],
  ])('spec 2: %s redirects to the account home', async (_path, route) => {
    const response = await route.GET({} as Parameters<typeof route.GET>[0]);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/myaccount');
  });
});
