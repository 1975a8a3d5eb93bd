/**
 * Emails as their readers see them (decision 042). Every kind's sample (tests/support/mail-samples.ts)
 * is drawn as delivery draws it, on this server's origin so its logo loads from the running site,
 * and shown in Chromium at 375 and 600 px: no accessibility violation, nothing wider than the
 * screen, every picture described, the logo loaded. One page serves them all. Then the dev mailbox
 * (decision 009) shows a sent mail as its reader gets it: headers, the HTML part framed without
 * scripts, the text part.
 */

import { expect, test } from '@playwright/test';
import { MAIL_KINDS } from '../../src/server/mail/kinds';
import { MAIL_SAMPLES, type MailSample, renderSample } from '../support/mail-samples';
import { CONFIRM_SUBJECT } from './account-helpers';
import { AxeBuilder } from './axe';
import { uniqueEmail } from './shopping';

const samples = Object.entries(MAIL_SAMPLES) as [string, MailSample][];
/** A small phone, and the width a mail program's reading pane gives a 600 px email. */
const WIDTHS = [375, 600];

test('every kind of email the shop sends has a sample, so none goes out unseen', () => {
  expect(MAIL_KINDS.filter((kind) => MAIL_SAMPLES[kind] === undefined)).toEqual([]);
});

test('every email reads at 375 and 600 px: no accessibility violation, no sideways scroll, every picture with alt text', async ({
  page,
  baseURL,
}) => {
  // About 2 s a sample on the 2-core machine (two widths, axe at each).
  test.setTimeout(20_000 + samples.length * 6_000);
  expect(baseURL).toBeTruthy();
  for (const [kind, sample] of samples) {
    const { html } = await renderSample(sample, baseURL);
    for (const width of WIDTHS) {
      await test.step(`${kind} at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await page.setContent(html, { waitUntil: 'load' });
        const layout = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
          images: [...document.images].map((image) => ({
            src: image.src,
            alt: image.getAttribute('alt'),
            loaded: image.complete && image.naturalWidth > 0,
          })),
        }));
        expect.soft(layout.scrollWidth, `${kind} fits ${width} px`).toBeLessThanOrEqual(layout.innerWidth);
        const logo = layout.images.find((image) => image.src.startsWith(`${baseURL}/email/logo-`));
        expect.soft(logo?.loaded, `${kind} shows the brand's logo from the site`).toBe(true);
        expect.soft(logo?.alt?.trim(), `${kind}: the logo is named`).toBeTruthy();
        // Every picture has alt text; an empty one marks a decorative picture (a basket thumbnail
        // beside its linked title), and axe's link-name and image-alt rules below catch a picture that
        // carries meaning without a description.
        for (const image of layout.images) {
          expect.soft(image.alt, `${kind}: ${image.src} has alt text`).not.toBeNull();
        }
        // An email is shown inside a mail program's own page, which has the landmarks and the page's
        // main heading; every other rule holds.
        const { violations } = await new AxeBuilder({ page })
          .disableRules(['region', 'landmark-one-main', 'page-has-heading-one'])
          .analyze();
        expect
          .soft(
            violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
            `${kind} at ${width} px`,
          )
          .toEqual([]);
      });
    }
  }
});

test('the dev mailbox shows a sent mail as its reader gets it: headers, the HTML part framed without scripts, the text part', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('mailbox');
  const registered = await request.post('/api/v1/register', {
    data: { firstName: 'Ada', lastName: '', email, password: 'Sunshine1' },
  });
  expect(registered.status()).toBe(202);

  await page.goto('/dev/mailbox');
  await page.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: CONFIRM_SUBJECT }).click();
  await expect(page.getByRole('heading', { level: 2, name: CONFIRM_SUBJECT })).toBeVisible();
  const headers = page.getByRole('region', { name: 'Headers' });
  for (const name of ['From', 'Reply-To', 'To', 'Date', 'Message-ID']) {
    await expect(headers.getByRole('term').filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
  }
  await expect(headers.getByRole('definition').filter({ hasText: email })).toBeVisible();

  // The HTML part as sent, in a frame that may run no script, from an address with its own policy.
  const frame = page.getByTitle(`HTML part of “${CONFIRM_SUBJECT}”`);
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  await expect(frame.contentFrame().getByText(/company number 15482917/)).toBeVisible();
  const source = await request.get((await frame.getAttribute('src')) ?? '');
  expect(source.status()).toBe(200);
  const policy = source.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("style-src 'unsafe-inline'");
  expect(policy).toMatch(/img-src http:\/\/127\.0\.0\.1:\d+ data:/);
  expect(policy).not.toContain('script-src');

  // The text part, where the stories read their links.
  await expect(page.getByRole('region', { name: 'Text part' }).locator('pre')).toContainText('token=');
  await expect(page.getByRole('region', { name: 'Attachments' })).toContainText('None.');
  const { violations } = await new AxeBuilder({ page }).include('main').exclude('iframe').analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  // A name from outside the mail folder is no mail at all.
  for (const path of [
    '/dev/mailbox?file=..%2F..%2Fetc%2Fpasswd',
    '/dev/mailbox/html?file=..%2Fsecret.eml',
    '/dev/mailbox/attachment?file=..%2Fsecret.eml&index=0',
  ]) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
