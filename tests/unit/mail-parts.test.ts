/**
 * Every email's two parts tell the same story (decision 042): a reader whose mail program shows
 * the plain-text part gets every link and every sentence the HTML part shows. The HTML part is read
 * as a reader sees it: what is marked data-skip-in-text (the hidden preview line, the logo's link)
 * and the head are left out; runs of text are compared without case (the text renderer upper-cases
 * headings) and with whitespace collapsed. Also: the HTML reads on a phone and is in British
 * English, and only marketing mail carries the unsubscribe link.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { MAIL_KINDS } from '../../src/server/mail/kinds';
import { MAIL_SAMPLES, type MailSample, renderSample } from '../support/mail-samples';

type Node = ReturnType<typeof parseDocument>['children'][number];

/** Lower case, whitespace collapsed, zero-width characters (the preview's padding) dropped. */
const normalise = (text: string) =>
  text
    .replace(/[\u00ad\u200b-\u200f\u2060\ufeff]|\u034f/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const isSkipped = (node: Node) =>
  DomUtils.isTag(node) &&
  (node.attribs['data-skip-in-text'] === 'true' || ['head', 'style', 'script', 'title'].includes(node.name));

/**
 * The runs of text a reader sees: the text of neighbouring text nodes of one element (React writes
 * `<!-- -->` between them), outside skipped elements.
 */
function visibleTextRuns(nodes: Node[], runs: string[] = []): string[] {
  let run = '';
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      run += node.data;
      continue;
    }
    if (DomUtils.isComment(node)) continue;
    if (normalise(run) !== '') runs.push(normalise(run));
    run = '';
    if (DomUtils.isTag(node) && !isSkipped(node)) visibleTextRuns(node.children as Node[], runs);
  }
  if (normalise(run) !== '') runs.push(normalise(run));
  return runs;
}

/** Every link a reader can follow, outside skipped elements. */
function visibleLinks(nodes: Node[], links: { href: string; label: string }[] = []) {
  for (const node of nodes) {
    if (!DomUtils.isTag(node) || isSkipped(node)) continue;
    if (node.name === 'a' && node.attribs.href) {
      links.push({ href: node.attribs.href, label: normalise(DomUtils.textContent(node)) });
    }
    visibleLinks(node.children as Node[], links);
  }
  return links;
}

const samples = Object.entries(MAIL_SAMPLES) as [string, MailSample][];

describe('email samples (decision 042)', () => {
  it('every kind of email has a sample, so none goes out untested', () => {
    expect(MAIL_KINDS.filter((kind) => MAIL_SAMPLES[kind] === undefined)).toEqual([]);
  });
});

describe.each(samples)('the %s email', (_kind, sample) => {
  it('carries every link and every run of text of its HTML part in its text part', async () => {
    const { html, text } = await renderSample(sample);
    const document = parseDocument(html);
    const plain = normalise(text);
    const missingText = visibleTextRuns(document.children as Node[]).filter((run) => !plain.includes(run));
    expect(missingText).toEqual([]);
    const links = visibleLinks(document.children as Node[]);
    expect(links.length).toBeGreaterThan(0);
    for (const { href } of links) {
      if (href.startsWith('mailto:')) {
        expect(text).toContain(decodeURIComponent(href.slice('mailto:'.length).split('?')[0] ?? ''));
      } else if (/^https?:\/\//.test(href)) {
        expect(text).toContain(href);
      } else {
        expect.fail(`a link a reader can follow from any mail program, not ${href}`);
      }
    }
  });

  it('is in British English and reads on a phone: the device width, at most 600 px wide', async () => {
    const { html } = await renderSample(sample);
    const document = parseDocument(html);
    const root = DomUtils.findOne((node) => node.name === 'html', document.children as Node[]);
    expect(root?.attribs.lang).toBe('en-GB');
    const viewport = DomUtils.findOne(
      (node) => node.name === 'meta' && node.attribs.name === 'viewport',
      document.children as Node[],
    );
    expect(viewport?.attribs.content).toContain('width=device-width');
    expect(html).toMatch(/max-width:\s*600px/);
  });

  it(sample.marketing ? 'has the unsubscribe and preferences links' : 'has no unsubscribe link', async () => {
    const { html, text } = await renderSample(sample);
    const links = visibleLinks(parseDocument(html).children as Node[]);
    const unsubscribe = links.filter(({ href, label }) => /unsubscribe/i.test(href) || label.includes('unsubscribe'));
    if (sample.marketing) {
      expect(links.map(({ href }) => href)).toEqual(
        expect.arrayContaining([sample.marketing.unsubscribeUrl, sample.marketing.preferencesUrl]),
      );
      expect(text).toContain(sample.marketing.unsubscribeUrl);
    } else {
      expect(unsubscribe).toEqual([]);
    }
  });
});
