/**
 * The order and add-on confirmations drawn from their samples (decision 042): what the Consumer
 * Contracts Regulations 2013 ask the order confirmation to carry, line by line, in both parts, and
 * its attachments: each voucher's PDF and a calendar entry for the line with fixed dates.
 */
import { describe, expect, it } from 'vitest';
import type { TemplateData } from '../../src/server/mail';
import { summaryRows } from '../../src/server/mail/templates/order-summary';
import { MAIL_SAMPLES, type MailSample, renderSample } from '../support/mail-samples';

function sample(kind: 'order_confirmation' | 'addon_confirmation'): MailSample {
  const found = MAIL_SAMPLES[kind];
  if (found === undefined) throw new Error(`no ${kind} sample`);
  return found;
}

/** The HTML part as a reader sees it, roughly: React's text separators and tags dropped, entities decoded. */
const readable = (html: string) =>
  html
    .replace(/<head[\s\S]*?<\/head>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the order confirmation (decision 042, CCR 2013 reg 16 and Schedule 2)', () => {
  it('states the right to cancel for each line: 14 days for the spa voucher, none for the dated stay (reg 28(1)(b))', async () => {
    const { html, text } = await renderSample(sample('order_confirmation'));
    for (const part of [readable(html), text.replace(/\s+/g, ' ')]) {
      expect(part).toContain('You can cancel this voucher for a full refund until the end of 15 June 2026');
      expect(part).toContain('No right to cancel');
      expect(part).toContain('booked from 14 August 2026 to 16 August 2026');
      expect(part).toContain('regulation 28(1)(b)');
      expect(part).toContain('14 Cold Bath Road, Harrogate, HG2 0NA');
      expect(part).toContain('Your contract for the vouchers is with Tuppence Ltd, 2 Example Yard, London EC1A 4AB');
      for (const code of ['TP-7KQ4-M9XD', '483920', 'TP-R2WE-8HJN', '061377']) expect(part).toContain(code);
    }
    expect(text).toContain('http://localhost:4321/page/cancellation-form');
  });

  it('shows the breakdown as charged, the same in both parts', async () => {
    const order = sample('order_confirmation');
    const rows = summaryRows((order.data as TemplateData['orderConfirmation']).summary);
    expect(rows.map((row) => [row.label, row.amount])).toEqual([
      [
        'Spa day with a 55-minute treatment and lunch at the Harrogate Grand: Spa day for one, weekdays\u00a0×\u00a01',
        '£80.10',
      ],
      [
        'Two nights at The Old Rectory in Bath, with breakfast: 2 nights for two, Friday check-in\u00a0×\u00a01',
        '£159.00',
      ],
      ['Promotion code SPRING10 (already taken off the prices above)', '−£8.90'],
      ['Order total', '£239.10'],
      ['Paid from your wallet', '−£5.00'],
      ['Paid with promotional credit', '−£2.50'],
      ['Charged to Visa ending 1111', '£231.60'],
    ]);
    const { html, text } = await renderSample(order);
    for (const row of rows) {
      expect(readable(html)).toContain(row.amount);
      expect(text).toMatch(
        new RegExp(`${row.label.slice(0, 20).replace(/[()]/g, '.')}[^\\n]*${row.amount.replace('.', '\\.')}`),
      );
    }
  });

  it('attaches each voucher as a PDF and the dated stay as an all-day calendar entry at the merchant', async () => {
    const { attachments } = await renderSample(sample('order_confirmation'));
    const pdfs = attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs.map((pdf) => pdf.filename)).toEqual([
      'tuppence-voucher-TP-7KQ4-M9XD.pdf',
      'tuppence-voucher-TP-R2WE-8HJN.pdf',
    ]);
    for (const pdf of pdfs) expect(Buffer.from(pdf.content).subarray(0, 4).toString('latin1')).toBe('%PDF');
    const entries = attachments.filter((attachment) => attachment.contentType.startsWith('text/calendar'));
    expect(entries.map((entry) => entry.filename)).toEqual(['tuppence-order-48213-2026-08-14.ics']);
    const ics = String(entries[0]?.content).replace(/\r\n /g, '');
    expect(ics).toContain('UID:order-48213-line-90312@localhost\r\n');
    expect(ics).toContain('DTSTAMP:20260601T093000Z\r\n');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260814\r\nDTEND;VALUE=DATE:20260817\r\n');
    expect(ics).toContain('LOCATION:The Old Rectory\\, 4 Church Street\\, Bath\\, BA1 1LT\r\n');
  });
});

describe('the add-on confirmation (decision 042, decision 026)', () => {
  it('says what the add-on did and what was charged, in both parts', async () => {
    const { html, text } = await renderSample(sample('addon_confirmation'));
    for (const part of [readable(html), text.replace(/\s+/g, ' ')]) {
      expect(part).toContain('is extended by 2 months: it now expires on 28 January 2027.');
      expect(part).toContain('Extension of voucher TP-7KQ4-M9XD by 2 months');
      expect(part).toContain('Charged to your Visa card £17.80');
    }
  });
});
