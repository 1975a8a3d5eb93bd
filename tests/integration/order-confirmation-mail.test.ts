/**
 * The order confirmation as a shopper receives it (decision 042), end to end on embedded PGlite: a
 * real purchase (two vouchers, a promotion code, wallet and promotional credit, the rest by card)
 * queues it; delivery renders it and writes the .eml the way the SMTP transport would send it; the
 * test reads the file back. The Consumer Contracts Regulations 2013 (reg 16, Schedule 2) ask the
 * confirmation, on a durable medium, to name the trader and their geographic address, what was
 * bought, the price and how it was paid, and the right to cancel; the shopper needs the codes, and
 * a reader whose mail program shows only the plain-text part must get the same codes and totals.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { cancellationRightFor, describeCancellationRight, formatDay } from '../../src/domain/cancellation-rights';
import { addDays } from '../../src/domain/stays';
import { retrieveBasketPricing } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  dealProductNights,
  dealProducts,
  deals,
  merchants,
  outbox,
  users,
  vouchers,
} from '../../src/server/db/schema';
import {
  createMailTransport,
  deliverPendingMail,
  enqueueMail,
  listMailbox,
  type MailboxEntry,
} from '../../src/server/mail';
import type { PlaceOrderRequest } from '../../src/server/orders';
import { enqueueConfirmation } from '../../src/server/orders/confirmation';
import { singleProvider } from '../../src/server/payments';
import { createPromoCode } from '../../src/server/promotions';
import { creditWallet } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { renderedMail } from './support/mail';
import { placeOrderSettled } from './support/settled';

const collapse = (text: string) => text.replace(/\s+/g, ' ');

const [engine] = embedded;
if (engine === undefined) throw new Error('no embedded engine');

type Node = ReturnType<typeof parseDocument>['children'][number];

/**
 * What a reader sees of an HTML part: the text of each element (its neighbouring text nodes joined, as
 * React splits them) with a space between elements, entities decoded, whitespace collapsed; the head
 * and what is marked data-skip-in-text (the hidden preview line) left out.
 */
function visibleText(html: string): string {
  const runs: string[] = [];
  const walk = (nodes: Node[]) => {
    let run = '';
    for (const node of nodes) {
      if (DomUtils.isText(node)) run += node.data;
      else if (DomUtils.isTag(node)) {
        runs.push(run);
        run = '';
        const skipped = node.attribs['data-skip-in-text'] === 'true' || ['head', 'style'].includes(node.name);
        if (!skipped) walk(node.children as Node[]);
      }
    }
    runs.push(run);
  };
  walk(parseDocument(html, { decodeEntities: true }).children as Node[]);
  return collapse(runs.join(' ')).trim();
}
const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

describe('decision 042: the order confirmation email, delivered', () => {
  let database: Database;
  let deal: LimitedDeal;
  let mailDir: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 11 });
    deal = await prepareLimitedDeal(database.db, 10);
    // A headline and a name beyond ASCII: the parts and the subject are UTF-8 throughout.
    await database.db
      .update(deals)
      .set({ headline: 'Crème brûlée masterclass at Café Lumière' })
      .where(eq(deals.id, deal.dealId));
    mailDir = await mkdtemp(path.join(tmpdir(), 'tuppence-confirmation-'));
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    if (mailDir) await rm(mailDir, { recursive: true, force: true });
  });

  /** A shopper with two of the deal in their basket, a promotion code, and credit in their wallet. */
  async function purchase(prefix: string, over: Partial<PlaceOrderRequest> = {}) {
    const [buyer] = await createBuyers(db(), deal, 1, { prefix, quantity: 2 });
    if (buyer === undefined) throw new Error('no buyer');
    await db().update(users).set({ firstName: 'Zoë' }).where(eq(users.id, buyer.user.id));
    const code = `TREAT-${prefix}`.toUpperCase();
    await createPromoCode(
      db(),
      {
        code,
        kind: 'fixed',
        amountOffMinor: 500,
        currency: 'GBP',
        minSpendMinor: 0,
        maxUses: null,
        perUserLimit: 1,
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        categoryIds: [],
        subCategoryIds: [],
        firstOrderOnly: false,
        description: '',
      },
      new Date(),
    );
    const expiresAt = new Date(Date.now() + 30 * 86_400_000);
    const credit = { userId: buyer.user.id, currency: 'GBP' as const, expiresAt, description: 'Test credit' };
    await creditWallet(db(), { ...credit, kind: 'marketing', amountMinor: 300 });
    await creditWallet(db(), { ...credit, kind: 'refundable', amountMinor: 200 });
    const pricing = await retrieveBasketPricing(db(), buyer.basketToken, {
      userId: buyer.user.id,
      promoCode: code,
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 500 }] },
    });
    if (pricing === null) throw new Error('no basket');
    const { breakdown } = pricing;
    const result = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: { ...buyer.user, firstName: 'Zoë' },
      useWallet: true,
      expected: {
        totalMinor: breakdown.totalMinor,
        walletUsedMinor: breakdown.paidBy.walletMinor,
        cashAmountMinor: breakdown.paidBy.cashMinor,
      },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      promoCode: code,
      idempotencyKey: `confirmation-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
      brand: 'tuppence',
      ...over,
    });
    if (!result.ok) throw new Error(result.message);
    return { buyer, order: result.order, breakdown, code };
  }

  it('is HTML and text with the vouchers as PDFs, names the trader, the merchant and the right to cancel', async () => {
    const { buyer, order, breakdown, code } = await purchase('full');
    expect(breakdown.promotion?.discountMinor).toBe(500);
    expect(breakdown.paidBy.walletMinor).toBe(500);
    // The transport's UTF-8 subject: queued beside the confirmation, delivered in the same run.
    await enqueueMail(db(), {
      userId: buyer.user.id,
      kind: 'sign_in',
      recipient: buyer.user.email,
      subject: 'Zoë, your crème brûlée voucher – sign in to see it',
      template: 'notice',
      data: { paragraphs: ['Sign in to see your voucher.'] },
    });
    const transport = createMailTransport({ mailDir });
    expect(await deliverPendingMail(db(), transport)).toBeGreaterThanOrEqual(2);

    const mailbox = await listMailbox(mailDir);
    const mail = mailbox.find((entry) => entry.subject === `Your Tuppence order ${order.id}: your vouchers`);
    if (mail === undefined) throw new Error(`no confirmation in ${mailbox.map((entry) => entry.subject).join(', ')}`);
    const raw = await readFile(path.join(mailDir, mail.file), 'utf8');

    // Attachments make it multipart/mixed, with the HTML and text parts as one multipart/alternative inside.
    expect(mail.contentType).toBe('multipart/mixed');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail.to).toBe(buyer.user.email);
    expect(mail.from).toContain(transport.settings.from.replace(/^.*<|>$/g, ''));
    expect(mail.replyTo).not.toBe('');
    expect(mail.messageId).toMatch(/^<outbox-\d+\.\d+@.+>$/);
    expect(mail.date).not.toBe('');

    const html = visibleText(mail.html);
    const text = collapse(mail.text);
    const [merchant] = await db()
      .select({
        name: merchants.name,
        addressLine1: merchants.addressLine1,
        town: merchants.town,
        postcode: merchants.postcode,
      })
      .from(deals)
      .innerJoin(merchants, eq(merchants.id, deals.merchantId))
      .where(eq(deals.id, deal.dealId));
    if (merchant === undefined) throw new Error('no merchant');
    const address = `${merchant.addressLine1}, ${merchant.town}, ${merchant.postcode}`;
    for (const part of [html, text]) {
      expect(part).toContain('Hi Zoë,');
      expect(part).toContain('Crème brûlée masterclass at Café Lumière');
      // What was bought and where: the merchant's name and geographic address.
      expect(part).toContain(merchant.name);
      expect(part).toContain(address);
      // Who the contract is with (CCR Schedule 2 (b)-(d)): the company, its number and registered office.
      expect(part).toContain(`Your contract for the vouchers is with ${transport.settings.trading.companyName}`);
      expect(part).toContain(transport.settings.trading.companyNumber);
      expect(part).toContain(transport.settings.trading.registeredOffice);
    }

    // The right to cancel each voucher (CCR reg 29: 14 days from the day of purchase), with the form.
    const [placed] = await db().select({ at: vouchers.createdAt }).from(vouchers).where(eq(vouchers.orderId, order.id));
    if (placed === undefined) throw new Error('no vouchers');
    const right = cancellationRightFor(
      {
        deliveryType: 'e-voucher',
        isTravel: false,
        bookingCalendarOnRedemption: false,
        startDate: null,
        endDate: null,
      },
      placed.at,
    );
    const [deadline] = describeCancellationRight(right).sentences;
    for (const part of [html, text]) {
      expect(part).toContain('You can cancel within 14 days');
      expect(part).toContain(deadline);
      expect(part).toContain('cancellation form');
    }
    expect(mail.text).toContain('/page/cancellation-form');

    // Each voucher: its codes in both parts, and its printable PDF attached.
    const issued = await db()
      .select({ code: vouchers.code, securityCode: vouchers.securityCode })
      .from(vouchers)
      .where(eq(vouchers.orderId, order.id));
    expect(issued).toHaveLength(2);
    const pdfs = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs.map((pdf) => pdf.filename).sort()).toEqual(issued.map((v) => `tuppence-voucher-${v.code}.pdf`).sort());
    for (const pdf of pdfs) expect(pdf.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
    for (const voucher of issued) {
      for (const part of [html, text]) {
        expect(part).toContain(voucher.code);
        expect(part).toContain(voucher.securityCode);
      }
    }

    // The price breakdown as charged, the same in both parts: code, wallet, promotional credit, card.
    const [product] = await db()
      .select({ priceMinor: dealProducts.priceMinor })
      .from(dealProducts)
      .where(eq(dealProducts.id, deal.productId));
    if (product === undefined) throw new Error('no product');
    for (const part of [html, text]) {
      expect(part).toContain(`Promotion code ${code}`);
      expect(part).toContain(`−${pounds(500)}`);
      expect(part).toMatch(new RegExp(`Order total ${pounds(order.totalMinor).replace('.', '\\.')}`));
      expect(part).toMatch(new RegExp(`Paid from your wallet −${pounds(200).replace('.', '\\.')}`));
      expect(part).toMatch(new RegExp(`Paid with promotional credit −${pounds(300).replace('.', '\\.')}`));
      expect(part).toMatch(
        new RegExp(`Charged to Visa ending 1881 ${pounds(order.cashAmountMinor).replace('.', '\\.')}`),
      );
    }
    expect(order.totalMinor).toBe(2 * deal.unitTotalMinor - 500);
    expect(product.priceMinor * 2).toBeGreaterThan(500);

    // A subject beyond ASCII comes back as it was written (RFC 2047 encoded words, UTF-8).
    const notice = mailbox.find((entry: MailboxEntry) => entry.subject.startsWith('Zoë'));
    expect(notice?.subject).toBe('Zoë, your crème brûlée voucher – sign in to see it');
  });

  it('comes from the brand the shopper bought on; an event from before brands were recorded reads as the default', async () => {
    const { buyer, order } = await purchase('brand', { brand: 'dealhouse' });
    const [queued] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    expect(queued?.subject).toBe(`Your DealHouse order ${order.id}: your vouchers`);
    expect(queued?.payload).toMatchObject({ brand: 'dealhouse' });
    expect(queued?.template).toBe('orderConfirmation');

    // A retry of the event finds it (in any brand) and queues nothing more.
    const event = { orderId: order.id, buyer: buyer.user, origin: 'http://shop.test', confirmEmail: false };
    await enqueueConfirmation(db(), { ...event, brand: 'dealhouse' });
    await enqueueConfirmation(db(), event);
    const mine = () =>
      db()
        .select({ subject: outbox.subject, payload: outbox.payload })
        .from(outbox)
        .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    expect((await mine()).map((row) => row.subject)).toEqual([`Your DealHouse order ${order.id}: your vouchers`]);

    // An `order.placed` row written before the event carried a brand is confirmed as the default brand.
    await db().delete(outbox).where(eq(outbox.userId, buyer.user.id));
    await enqueueConfirmation(db(), event);
    await enqueueConfirmation(db(), event);
    const defaults = await mine();
    expect(defaults.map((row) => row.subject)).toEqual([`Your Tuppence order ${order.id}: your vouchers`]);
    expect(defaults[0]?.payload).toMatchObject({ brand: 'tuppence' });
  });

  it('a stay on fixed dates has no right to cancel (CCR reg 28(1)(b)) and comes with a calendar entry', async () => {
    // The deal becomes a travel stay of 2 nights, its dates chosen at checkout (decision 029).
    const checkIn = addDays(new Date().toISOString().slice(0, 10), 20);
    await db().update(deals).set({ isTravel: true, deliveryType: 'travel' }).where(eq(deals.id, deal.dealId));
    await db()
      .update(dealProducts)
      .set({ numberOfNights: 2, checkInDate: null, checkOutDate: null })
      .where(eq(dealProducts.id, deal.productId));
    await db()
      .insert(dealProductNights)
      .values(
        [0, 1].map((i) => ({
          productId: deal.productId,
          night: addDays(checkIn, i),
          roomsRemaining: 5,
          supplementMinor: 0,
        })),
      );
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: 'stay' });
    if (buyer === undefined) throw new Error('no buyer');
    await db()
      .update(basketLines)
      .set({ checkInDate: checkIn, checkOutDate: addDays(checkIn, 2), numberOfNights: 2 })
      .where(eq(basketLines.basketId, buyer.basketToken));
    const pricing = await retrieveBasketPricing(db(), buyer.basketToken, { userId: buyer.user.id });
    const total = pricing?.breakdown.totalMinor ?? 0;
    const result = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `confirmation-stay-${buyer.basketToken}`,
      now: new Date(),
      origin: 'http://shop.test',
    });
    if (!result.ok) throw new Error(result.message);
    const [queued] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, buyer.user.id), eq(outbox.kind, 'order_confirmation')));
    if (queued === undefined) throw new Error('no confirmation queued');
    const mail = await renderedMail(queued);
    const stay = `from ${formatDay(checkIn)} to ${formatDay(addDays(checkIn, 2))}`;
    for (const part of [visibleText(mail.html), collapse(mail.text)]) {
      expect(part).toContain('No right to cancel');
      expect(part).toContain(`This is a leisure service booked ${stay}`);
      expect(part).toContain('regulation 28(1)(b)');
      expect(part).not.toContain('You can cancel within 14 days');
    }
    const [entry] = mail.attachments.filter((attachment) => attachment.contentType.startsWith('text/calendar'));
    const ics = String(entry?.content);
    expect(entry?.filename).toBe(`tuppence-order-${result.order.id}-${checkIn}.ics`);
    expect(ics).toContain(`DTSTART;VALUE=DATE:${checkIn.replace(/-/g, '')}\r\n`);
    expect(ics).toContain(`DTEND;VALUE=DATE:${addDays(checkIn, 3).replace(/-/g, '')}\r\n`);
    expect(ics).toMatch(/\r\nUID:order-\d+-line-\d+@/);
  });
});
