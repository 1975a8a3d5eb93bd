/**
 * Accounts (decision 009), as a shopper meets them: register, sign out and in, change password, delete;
 * the login guard's way back; one generic refusal; single-use reset links (read back from the e2e
 * server's mail folder through the dev mailbox). Decision 017: a stranger's wrong passwords never keep
 * the owner out of a known browser; registering reads the same whether or not the email had an
 * account, and the emailed link finishes it.
 */

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CONFIRM_SUBJECT, registerConfirmed } from './account-helpers';
import { AxeBuilder } from './axe';

const PASSWORD = 'Sunshine1';
const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.uk`;

async function registerByApi(request: APIRequestContext, email: string, password = PASSWORD): Promise<void> {
  await registerConfirmed(request, { firstName: 'Ada', lastName: 'Lovelace', email, password });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The link in the newest mail with this subject to this address, from the dev mailbox. */
async function mailedLink(page: Page, email: string, subject: string): Promise<string> {
  await page.goto('/dev/mailbox');
  await page.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: subject }).first().click();
  const text = (await page.locator('pre').textContent()) ?? '';
  const link = text.match(/https?:\/\/\S+token=[\w-]+/)?.[0];
  expect(link, `a link in the mail to ${email}`).toBeTruthy();
  return new URL(link ?? '').pathname + new URL(link ?? '').search;
}

test('spec 2: a guest on /myaccount/profile signs in and comes back to /myaccount/profile', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('guard');
  await registerByApi(request, email);
  await page.goto('/myaccount/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmyaccount%2Fprofile$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible();
});

test('spec 5: "Abc12" is refused at registration; a valid one signs in with an HttpOnly session cookie', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('register');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Abc12');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters long.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(/Check your email to finish creating your account/)).toBeVisible();
  // The emailed link finishes the registration and signs in (decision 017).
  await page.goto(await mailedLink(page, email, CONFIRM_SUBJECT));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
  await expect(page.getByRole('heading', { name: 'My Vouchers' })).toBeVisible();
  // spec 4: the header shows the first name once the auth check has finished.
  await expect(page.getByRole('banner').getByText('Hi, Ada')).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === 'tuppence_session');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'customer_token');
  expect(token?.httpOnly).toBe(true);
});

test('register, log out, log in, change password, delete the account', async ({ page }) => {
  const email = uniqueEmail('story');
  await page.goto('/register');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.goto(await mailedLink(page, email, CONFIRM_SUBJECT));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);

  // spec 2 account mini menu: Logout.
  await page.getByRole('banner').getByText('Hi, Grace').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await page.goto('/myaccount/profile');
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount\/profile$/);

  await page.goto('/myaccount/password');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Moonlight2');
  await page.getByLabel('Confirm new password').fill('Moonlight3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords should match')).toBeVisible();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('Moonlight2');
  await page.getByLabel('Confirm new password').fill('Moonlight2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.goto('/myaccount/delete');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Please confirm that you want to delete your account.')).toBeVisible();
  await page.getByLabel('I understand that my account will be deleted').check();
  await page.getByLabel('Your password').fill('Moonlight2');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();

  await signIn(page, email, 'Moonlight2');
  await expect(page.getByText('That email and password do not match our records.')).toBeVisible();
});

test('a wrong password and an unknown email get the same generic message', async ({ page, request }) => {
  const email = uniqueEmail('generic');
  await registerByApi(request, email);
  await page.goto('/login');
  await signIn(page, email, 'Wrongpass1');
  const message = page.getByRole('alert');
  await expect(message).toHaveText('That email and password do not match our records.');
  await signIn(page, uniqueEmail('nobody'), PASSWORD);
  await expect(message).toHaveText('That email and password do not match our records.');
});

test('ten wrong passwords from a stranger hold the stranger back, not the owner in a browser they signed in with before', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('throttle');
  await registerByApi(page.request, email);
  // The owner's browser: a sign-in leaves an HttpOnly known-device cookie, kept after logout.
  await page.request.put('/api/v1/logout', { headers: { Origin: baseURL ?? '' } });
  const device = (await context.cookies()).find((cookie) => cookie.name === 'tp_device');
  expect(device?.httpOnly).toBe(true);

  // A stranger with no cookies, from the same address (everything here is 127.0.0.1).
  const stranger = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const response = await stranger.post('/api/v1/login', {
      data: { j_username: email, j_password: `Wrong${attempt}x` },
    });
    statuses.push(response.status());
  }
  expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
  expect(statuses).toContain(429);
  const held = await stranger.post('/api/v1/login', { data: { j_username: email, j_password: PASSWORD } });
  expect(held.status()).toBe(429);
  expect(held.headers()['retry-after']).toBeTruthy();
  await stranger.dispose();

  // The owner signs in at once from the known browser.
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
});

test('registering an email that already has an account reads like a new registration, and mails its owner', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('taken');
  await registerByApi(request, email);
  const answers = await Promise.all(
    [email, uniqueEmail('brandnew')].map(async (address) => {
      const response = await page.request.post('/api/v1/register', {
        data: { firstName: 'Mallory', lastName: '', email: address, password: 'Attacker1' },
      });
      return {
        status: response.status(),
        body: await response.json(),
        cookies: response.headers()['set-cookie'] ?? '',
      };
    }),
  );
  expect(answers[0]?.status).toBe(202);
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0]?.cookies).not.toContain('customer_token');
  await page.goto('/dev/mailbox');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: email })
      .getByRole('link', { name: 'Someone tried to create a Tuppence account with your email' }),
  ).toBeVisible();
  // The stranger's password does not open the account.
  const tried = await page.request.post('/api/v1/login', { data: { j_username: email, j_password: 'Attacker1' } });
  expect(tried.status()).toBe(401);
});

test('a reset link from the outbox works once and only once', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await registerByApi(request, email);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const link = await mailedLink(page, email, 'Reset your Tuppence password');

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Freshstart1');
  await page.getByLabel('Confirm new password').fill('Freshstart1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/myaccount\/profile/);

  await page.goto(link);
  await expect(page.getByText('This link has expired or has already been used.')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('account pages are never cached; a shared page carries no personal data', async ({ page, request }) => {
  const email = uniqueEmail('cache');
  await registerByApi(request, email);
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
  const account = await page.request.get('/myaccount/profile');
  expect(account.headers()['cache-control']).toContain('no-store');
  const home = await page.request.get('/');
  expect(await home.text()).not.toContain(email);
});

test('the session id changes at login, and logout ends the session wherever it is used', async ({
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('session');
  const shopper = await playwright.request.newContext({ baseURL });
  // A browser's fetch sends its Origin; Astro's origin check refuses bodiless writes without one.
  const withOrigin = { headers: { Origin: baseURL ?? '' } };
  await registerByApi(shopper, email);
  expect((await shopper.put('/api/v1/logout', withOrigin)).status()).toBe(204);
  const sessionId = async () =>
    (await shopper.storageState()).cookies.find((cookie) => cookie.name === 'tuppence_session')?.value;

  expect((await shopper.post('/api/v1/token-prime', withOrigin)).status()).toBe(204);
  const primed = await sessionId();
  expect(primed).toBeTruthy();
  expect(
    (
      await shopper.post('/api/v1/login?remember-me=true', { data: { j_username: email, j_password: PASSWORD } })
    ).status(),
  ).toBe(200);
  const signedIn = await sessionId();
  expect(signedIn).toBeTruthy();
  expect(signedIn).not.toBe(primed);

  // The same session cookie used from a second place.
  const elsewhere = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `tuppence_session=${signedIn}` },
  });
  expect((await elsewhere.get('/api/v1/user')).status()).toBe(200);
  expect((await shopper.put('/api/v1/logout', withOrigin)).status()).toBe(204);
  expect((await elsewhere.get('/api/v1/user')).status()).toBe(401);
  await Promise.all([shopper.dispose(), elsewhere.dispose()]);
});

test('spec 4: an email-campaign visit is attributed only for a visitor with a brand cookie', async ({
  playwright,
  baseURL,
}) => {
  // Attribution cookies are marketing cookies (spec 5): this visitor accepted marketing.
  const consent = {
    name: 'consent',
    value: 'groups%3DC0001%3A1%2CC0004%3A1',
    domain: new URL(baseURL ?? '').hostname,
    path: '/',
    expires: -1,
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
  const visitor = await playwright.request.newContext({ baseURL, storageState: { cookies: [consent], origins: [] } });
  const visit = (search: string) => visitor.post('/api/v1/campaign', { data: { search } });
  expect(await (await visit('?utm_medium=email')).json()).toMatchObject({ attribution: null });

  await registerByApi(visitor, uniqueEmail('campaign')); // sets the brand cookie to registered_user
  const attributed = await visit('?utm_medium=email');
  expect(await attributed.json()).toMatchObject({ attribution: 'email', storedCustomerToken: false });
  expect(attributed.headers()['set-cookie']).toMatch(/brand_email=1; Max-Age=2592000/);
  // Already email: a criteo visit does not move it (spec 4 "unless ... already email").
  expect(await (await visit('?utm_source=criteo')).json()).toMatchObject({ attribution: null });
  await visitor.dispose();
});

test('/consume-token signs in once with an emailed single-use link', async ({ page, request }) => {
  const email = uniqueEmail('link');
  await registerByApi(request, email);
  await page.goto('/forgot-password/sign-in-link');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  const link = await mailedLink(page, email, 'Your Tuppence sign-in link');

  await page.goto(link);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/myaccount\/vouchers$/);
  await expect(page.getByRole('banner').getByText('Hi, Ada')).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('This link has expired or has already been used.')).toBeVisible();
});

test('the sign-in, registration and account pages have no serious accessibility violations', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('a11y');
  await registerByApi(request, email);
  const check = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${page.url()} ${v.id}: ${v.help}`)).toEqual([]);
  };
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await check();
  await page.goto('/login');
  await check();
  await signIn(page, email, PASSWORD);
  await page.goto('/myaccount/password');
  await check();
  await page.goto('/myaccount/delete');
  await check();
});
