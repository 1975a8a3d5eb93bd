/** spec 2: the account and delete layouts send guests to the login page, remembering where they were going. */
import { expect, test } from '@playwright/test';

for (const path of ['/myaccount/vouchers', '/myaccount/profile', '/myaccount/delete']) {
  test(`a guest opening ${path} is sent to /login with the way back`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    expect(response.headers()['set-cookie']).toContain('post_login_url=');
  });
}
