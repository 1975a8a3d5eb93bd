/**
 * Attacks at the server's edge (scripts/http-edge.mjs and the middleware), with raw requests (node:http,
 * so the Host and Cookie headers are exactly what an attacker sends): a foreign Host, malformed cookies,
 * a cache key set from the query and shared HTML without Vary, and HSTS and the security headers on
 * pages, APIs and static files (TRACE is a 405).
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request as sent, headers untouched (Host defaults to the server's own). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: PORT, method, path, headers: { Host: `127.0.0.1:${PORT}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

function expectSecurityHeaders(answer: Answer) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers[name], name).toBe(value);
  expect(answer.headers['permissions-policy']).toContain('camera=()');
}

test('a request naming a foreign Host is refused with a 400, never a 500 or a link there', async () => {
  const reset = await raw(
    'POST',
    '/api/v1/user/password_reset',
    { Host: 'evil.example', 'Content-Type': 'application/json', Origin: 'http://evil.example' },
    JSON.stringify({ email: 'someone@example.co.uk' }),
  );
  expect(reset.status).toBe(400);
  expect(JSON.parse(reset.body)).toMatchObject({ status: 400 });

  for (const host of ['evil.example', 'user@evil.example', 'evil.example:80', 'localhost.evil.example']) {
    const page = await raw('GET', '/', { Host: host });
    expect(page.status, `Host: ${host}`).toBe(400);
    expect(page.body).not.toContain('evil.example');
  }

  // The shop's own name still works, and its links name the configured public origin (SITE_URL).
  const home = await raw('GET', '/');
  expect(home.status).toBe(200);
  expect(home.body).toContain(`<link rel="canonical" href="${ORIGIN}/"`);
  const robots = await raw('GET', '/robots.txt');
  expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap-index.xml`);
  // Even an allowed other name (localhost) never becomes the origin the shop hands out.
  const viaLocalhost = { Host: `localhost:${PORT}` };
  expect((await raw('GET', '/', viaLocalhost)).body).toContain(`<link rel="canonical" href="${ORIGIN}/"`);
  const openapi = JSON.parse((await raw('GET', '/api/openapi.json', viaLocalhost)).body);
  expect(openapi.servers[0].url).toBe(ORIGIN);
});

test('a malformed cookie falls back to the default instead of breaking pages and APIs', async () => {
  const cookies = [
    'site=%',
    'site=%ZZ',
    'location=%',
    'site=%E0%A4%A; location=%ZZ',
    'tuppence_session=%',
    'basket_token=%; basket_qty=%',
    'post_login_url=%',
  ];
  for (const cookie of cookies) {
    for (const path of ['/', '/deals/london', '/api/v1/menu', '/checkout', '/login']) {
      const answer = await raw('GET', path, { Cookie: cookie });
      expect(answer.status, `${path} with Cookie: ${cookie}`).toBeLessThan(500);
    }
    const home = await raw('GET', '/', { Cookie: cookie });
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-brand="tuppence"');
  }
});

test('?__variant= cannot plant a page under another brand, and shared HTML varies by Cookie', async () => {
  const unique = `e2e${Date.now()}`;
  // The attacker asks, without cookies, for the page keyed as if it were the VIP brand's.
  const planted = await raw('GET', `/deals/manchester?x=${unique}&__variant=vip%7C`);
  expect(planted.status).toBe(200);
  expect(planted.body).toContain('data-brand="tuppence"');
  // A VIP shopper then asks for the same page: they get the VIP brand, not the planted page.
  const vip = await raw('GET', `/deals/manchester?x=${unique}`, { Cookie: 'site=vip' });
  expect(vip.status).toBe(200);
  expect(vip.body).toContain('data-brand="vip"');

  const shared = await raw('GET', '/deals/manchester');
  expect(String(shared.headers['cache-control'])).toContain('s-maxage=');
  expect(String(shared.headers.vary).toLowerCase()).toContain('cookie');
  const again = await raw('GET', '/deals/manchester');
  expect(again.headers['x-astro-cache']).toBe('HIT');
  expect(String(again.headers.vary).toLowerCase()).toContain('cookie');
});

test('pages, APIs and static files carry HSTS and the security headers', async () => {
  const home = await raw('GET', '/');
  expectSecurityHeaders(home);
  expectSecurityHeaders(await raw('GET', '/api/v1/menu'));
  const favicon = await raw('GET', '/favicon.svg');
  expect(favicon.status).toBe(200);
  expectSecurityHeaders(favicon);
  const script = home.body.match(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/)?.[1];
  expect(script).toBeTruthy();
  const asset = await raw('GET', script ?? '');
  expect(asset.status).toBe(200);
  expectSecurityHeaders(asset);
});

test('TRACE, TRACK and unknown methods answer 405 with Allow, not 500', async () => {
  for (const method of ['TRACE', 'TRACK', 'PROPFIND', 'BREW']) {
    for (const path of ['/', '/api/v1/menu']) {
      const answer = await raw(method, path);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow).toContain('GET');
      expect(answer.headers.allow).not.toContain('TRACE');
    }
  }
});
