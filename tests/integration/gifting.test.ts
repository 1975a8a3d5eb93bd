/**
 * Gifting (decision 028) through the real basket, order pipeline, outbox, jobs and wallet (spec 1, 4, 7).
 * - A shopper buys a deal as an e-gift for a friend; the friend's email lands in the outbox on the
 *   send date; the friend claims it and owns the voucher; a second claim is refused.
 * - Switching a line from a standard gift pack to an e-gift leaves no pack or wrap line behind.
 * - Gift cards: bought through the order, redeemed into wallet credit once, expired after 6 months.
 * - The gift finder lists gift-able deals of its place and category, page size 12.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { londonDay } from '../../src/domain/format';
import { addDays, GIFT_CARD_TAG, GIFT_WRAP_PRICE_MINOR, giftPackPriceMinor } from '../../src/domain/gifting';
import { parseListingFilter } from '../../src/domain/listing-filters';
import { addressProvider, INVALID_POSTCODE } from '../../src/server/addresses';
import { changeLineGifting, retrieveBasketPricing, updateBasketLine } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import {
  basketLines,
  dealProducts,
  deals,
  giftCards,
  gifts,
  locations,
  outbox,
  users,
  vouchers,
} from '../../src/server/db/schema';
import {
  claimGift,
  GIFT_MESSAGES,
  listBoughtGiftCards,
  listSentGifts,
  redeemGiftCard,
  retrieveGiftCardDeal,
} from '../../src/server/gifting';
import { runHourlyJobs } from '../../src/server/jobs';
import { loadListingPage } from '../../src/server/listing';
import { singleProvider } from '../../src/server/payments';
import { walletBalances } from '../../src/server/wallet';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { embedded } from './databases';
import { mailText } from './support/mail';
import { placeOrderSettled } from './support/settled';

describe.each(embedded)('spec 4 gifting: e-gifts, gift packs and gift cards on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 300, seed: 11, giftCard: true });
    deal = await prepareLimitedDeal(database.db, 100);
    // The option can be sent every way (spec 3 delivery options) and wrapped.
    await database.db
      .update(dealProducts)
      .set({ deliveryOptions: ['e-gift', 'ndd-gpk', 'std-gpk', 'none'], giftWrapAvailable: true, isGiftable: true })
      .where(eq(dealProducts.id, deal.productId));
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  async function buyer(prefix: string, quantity = 1) {
    const [one] = await createBuyers(db(), deal, 1, { prefix, quantity });
    if (one === undefined) throw new Error('no buyer');
    const [line] = await db().select().from(basketLines).where(eq(basketLines.basketId, one.basketToken));
    if (line === undefined) throw new Error('no line');
    return { ...one, lineId: line.id };
  }

  async function pay(
    shopper: { basketToken: string; user: { id: number; email: string; firstName: string } },
    now: Date,
  ) {
    const pricing = await retrieveBasketPricing(db(), shopper.basketToken, { userId: shopper.user.id });
    if (pricing === null) throw new Error('no basket');
    const total = pricing.breakdown.totalMinor;
    const result = await placeOrderSettled(db(), singleProvider(createSandboxProvider(db(), { env: {} })), {
      basketToken: shopper.basketToken,
      buyer: shopper.user,
      useWallet: false,
      expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `gift-${shopper.basketToken}`,
      now,
      origin: 'http://shop.test',
    });
    if (!result.ok) throw new Error(result.message);
    return { order: result.order, total };
  }

  async function newUser(email: string) {
    const [user] = await db()
      .insert(users)
      .values({ email, firstName: 'Friend', customerToken: randomBytes(16).toString('hex') })
      .returning();
    if (user === undefined) throw new Error('no user');
    return user;
  }

  it('spec 1: an e-gift is emailed on its send date, claimed once, and the voucher moves to the friend', async () => {
    const now = new Date();
    const sendOn = addDays(londonDay(now), 3);
    const sender = await buyer('egift');
    const friendEmail = `friend-${randomBytes(3).toString('hex')}@example.test`;
    const chosen = await changeLineGifting(db(), sender.basketToken, {
      lineId: sender.lineId,
      change: { kind: 'delivery', delivery: 'e-gift' },
      eGift: { recipientName: 'Sam', recipientEmail: friendEmail, message: 'Happy birthday, Sam!', sendOn },
      now,
    });
    expect(chosen).toEqual({ ok: true, toast: null });
    const { order } = await pay(sender, now);

    const [gift] = await db().select().from(gifts).where(eq(gifts.orderId, order.id));
    expect(gift?.recipientEmail).toBe(friendEmail);
    expect(gift?.sendOn).toBe(sendOn);
    const mailTo = () =>
      db()
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, friendEmail), eq(outbox.kind, 'e_gift')));
    // Not before its send date, even when the hourly jobs run.
    expect(await mailTo()).toHaveLength(0);
    // The sender's account (/myaccount/gifts) lists it as scheduled, with its recipient, deal and send date.
    const listed = async () => (await listSentGifts(db(), sender.user.id)).find((g) => g.code === gift?.code);
    expect(await listed()).toMatchObject({
      recipientName: 'Sam',
      recipientEmail: friendEmail,
      sendOn,
      status: 'scheduled',
      dealId: deal.dealId,
      orderId: order.id,
    });
    await runHourlyJobs(db(), new Date(now.getTime() + 24 * 3600 * 1000));
    expect(await mailTo()).toHaveLength(0);

    const run = await runHourlyJobs(db(), new Date(`${sendOn}T09:00:00Z`));
    expect(run.giftsSent).toBeGreaterThanOrEqual(1);
    const mails = await mailTo();
    expect(mails).toHaveLength(1);
    const text = mails[0] === undefined ? '' : await mailText(mails[0]);
    expect(text).toContain(gift?.code ?? 'no code');
    expect(text).toContain('Happy birthday, Sam!');
    expect(text).toContain(`/mygift?code=${gift?.code}`);
    // Another run sends nothing more.
    await runHourlyJobs(db(), new Date(`${sendOn}T10:00:00Z`));
    expect(await mailTo()).toHaveLength(1);
    expect((await listed())?.status).toBe('sent');

    const bought = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(bought.every((v) => v.userId === sender.user.id)).toBe(true);
    // The sender cannot claim their own gift.
    await expect(claimGift(db(), { code: gift?.code ?? '', userId: sender.user.id, now })).rejects.toThrow(
      GIFT_MESSAGES.ownGift,
    );

    const friend = await newUser(friendEmail);
    const typed = (gift?.code ?? '').toLowerCase().replace(/-/g, ' ');
    const claimed = await claimGift(db(), { code: typed, userId: friend.id, now });
    expect(claimed.vouchers).toBe(bought.length);
    const after = await db().select().from(vouchers).where(eq(vouchers.orderId, order.id));
    expect(after.every((v) => v.userId === friend.id)).toBe(true);
    expect((await listed())?.status).toBe('claimed');
    // Only the sender's own gifts are listed: the friend sent none.
    expect(await listSentGifts(db(), friend.id)).toEqual([]);

    // A gift can be claimed once.
    const other = await newUser(`other-${randomBytes(3).toString('hex')}@example.test`);
    await expect(claimGift(db(), { code: gift?.code ?? '', userId: other.id, now })).rejects.toThrow(
      GIFT_MESSAGES.alreadyClaimed,
    );
    await expect(claimGift(db(), { code: 'GIFT-AAAA-BBBB-CCCC', userId: other.id, now })).rejects.toThrow(
      GIFT_MESSAGES.unknownCode,
    );
  });

  it('an e-gift due today is emailed as soon as the order commits', async () => {
    const now = new Date();
    const sender = await buyer('today');
    const email = `today-${randomBytes(3).toString('hex')}@example.test`;
    await changeLineGifting(db(), sender.basketToken, {
      lineId: sender.lineId,
      change: { kind: 'delivery', delivery: 'e-gift' },
      eGift: { recipientName: 'Jo', recipientEmail: email, message: '', sendOn: londonDay(now) },
      now,
    });
    await pay(sender, now);
    const mails = await db().select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails).toHaveLength(1);
  });

  it('refuses an e-gift without a recipient, and a gift pack to an invalid postcode ("Enter a valid postcode")', async () => {
    const now = new Date();
    const shopper = await buyer('refused');
    const egift = await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'delivery', delivery: 'e-gift' },
      eGift: { recipientName: '', recipientEmail: 'not-an-email', message: '', sendOn: londonDay(now) },
      now,
    });
    expect(egift.ok).toBe(false);
    const pack = await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'delivery', delivery: 'std-gpk' },
      address: { name: 'Sam', line1: '1 High Street', line2: '', town: 'London', postcode: 'XX99 9ZZ' },
      now,
    });
    expect(pack).toMatchObject({ ok: false, problems: { postcode: INVALID_POSTCODE } });
    expect(INVALID_POSTCODE).toBe('Enter a valid postcode');
    const [line] = await db().select().from(basketLines).where(eq(basketLines.id, shopper.lineId));
    expect(line?.deliveryOptionType).toBe('none');
  });

  it('spec 4: gift wrap and packs are priced in the basket; standard pack to e-gift leaves no pack or wrap line', async () => {
    const now = new Date();
    const shopper = await buyer('switch', 2);
    const plain = await retrieveBasketPricing(db(), shopper.basketToken);
    const wrap = await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'wrap', quantity: 2 },
      now,
    });
    expect(wrap).toEqual({ ok: true, toast: 'Gift Wrap Added' });
    const [found] = await addressProvider().lookupPostcode('SW3 4AB');
    expect(found?.town).toBe('London');
    const pack = await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'delivery', delivery: 'std-gpk' },
      address: { name: 'Sam', line1: found?.line1 ?? '', line2: '', town: 'London', postcode: 'sw34ab' },
      now,
    });
    expect(pack).toEqual({ ok: true, toast: 'Gift Pack Added' });
    const packed = await retrieveBasketPricing(db(), shopper.basketToken);
    const line = packed?.basket.lines[0];
    // Standard removed the wrap; the pack holds both vouchers.
    expect(line?.gifting.extras.map((e) => [e.kind, e.quantity])).toEqual([['stdGiftPack', 2]]);
    expect(line?.gifting.summary).toContain('SW3 4AB');
    expect(packed?.breakdown.totalMinor).toBe((plain?.breakdown.totalMinor ?? 0) + giftPackPriceMinor('std-gpk', 2));

    // Removing an item takes it out of the pack.
    await updateBasketLine(db(), shopper.basketToken, shopper.lineId, { quantity: 1 });
    const fewer = await retrieveBasketPricing(db(), shopper.basketToken);
    expect(fewer?.basket.lines[0]?.gifting.packQuantity).toBe(1);

    const egift = await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'delivery', delivery: 'e-gift' },
      eGift: { recipientName: 'Sam', recipientEmail: 'sam@example.test', message: '', sendOn: londonDay(now) },
      now,
    });
    expect(egift.ok).toBe(true);
    const [row] = await db().select().from(basketLines).where(eq(basketLines.id, shopper.lineId));
    expect([row?.deliveryOptionType, row?.giftPackQuantity, row?.giftWrapQuantity]).toEqual(['e-gift', 0, 0]);
    const after = await retrieveBasketPricing(db(), shopper.basketToken);
    expect(after?.basket.lines[0]?.gifting.extras).toEqual([]);
    expect(after?.breakdown.giftingMinor).toBe(0);
  });

  it('the order charges what the basket showed, gift wrap included', async () => {
    const now = new Date();
    const shopper = await buyer('charged', 2);
    await changeLineGifting(db(), shopper.basketToken, {
      lineId: shopper.lineId,
      change: { kind: 'wrap', quantity: 1 },
      now,
    });
    const { order, total } = await pay(shopper, now);
    expect(order.totalMinor).toBe(total);
    expect(total).toBe(2 * deal.unitTotalMinor + GIFT_WRAP_PRICE_MINOR);
  });

  it('gift cards: bought through the order, redeemed into the wallet once; unredeemed ones expire after 6 months (spec 4)', async () => {
    const card = await retrieveGiftCardDeal(db());
    expect(card?.options.map((o) => o.priceMinor)).toEqual([1000, 2000, 2500, 5000, 7500, 10000]);
    const option = card?.options.find((o) => o.priceMinor === 2500);
    if (!card || !option) throw new Error('no gift card deal');
    const [cardDeal] = await db().select().from(deals).where(eq(deals.id, card.dealId));
    expect(cardDeal?.tags).toContain(GIFT_CARD_TAG);

    const now = new Date('2026-03-10T12:00:00Z');
    const [shopper] = await createBuyers(db(), { dealId: card.dealId, productId: option.id, unitTotalMinor: 2500 }, 1, {
      prefix: 'card',
      quantity: 2,
    });
    if (!shopper) throw new Error('no buyer');
    const { order } = await pay(shopper, new Date());
    const cards = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(cards).toHaveLength(2);
    const mail = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, shopper.user.id), eq(outbox.kind, 'gift_card')));
    expect(mail[0] === undefined ? '' : await mailText(mail[0])).toContain(cards[0]?.code ?? 'no code');

    const friend = await newUser(`card-friend-${randomBytes(3).toString('hex')}@example.test`);
    const redeemed = await redeemGiftCard(db(), { code: cards[0]?.code ?? '', userId: friend.id, now: new Date() });
    expect(redeemed).toEqual({ amountMinor: 2500, currency: 'GBP' });
    const balances = await walletBalances(db(), friend.id, new Date());
    expect(balances.find((b) => b.currency === 'GBP')?.balance).toBe(2500);
    await expect(
      redeemGiftCard(db(), { code: cards[0]?.code ?? '', userId: friend.id, now: new Date() }),
    ).rejects.toThrow(GIFT_MESSAGES.cardRedeemed);

    // The second card is left 6 months and a day: the hourly jobs expire it, and it can no longer be redeemed.
    const [second] = cards.slice(1);
    await db()
      .update(giftCards)
      .set({ purchasedAt: now, expiresAt: new Date('2026-09-10T12:00:00Z') })
      .where(eq(giftCards.id, second?.id ?? 0));
    const before = await runHourlyJobs(db(), new Date('2026-09-10T11:00:00Z'));
    expect(before.expiredGiftCards).toBe(0);
    const run = await runHourlyJobs(db(), new Date('2026-09-11T12:00:00Z'));
    expect(run.expiredGiftCards).toBe(1);
    await expect(
      redeemGiftCard(db(), { code: second?.code ?? '', userId: friend.id, now: new Date() }),
    ).rejects.toThrow(GIFT_MESSAGES.cardExpired);

    // The buyer's account (/myaccount/gifts) lists both cards: value, code, redeemed, expiry; the friend's lists none.
    const listedCards = await listBoughtGiftCards(db(), shopper.user.id, new Date('2026-09-12T12:00:00Z'));
    const byCode = new Map(listedCards.map((c) => [c.code, c]));
    expect(byCode.get(cards[0]?.code ?? '')).toMatchObject({
      value: { amountMinor: 2500, currency: 'GBP' },
      status: 'redeemed',
      redeemedAt: expect.any(Date),
    });
    expect(byCode.get(second?.code ?? '')).toMatchObject({ status: 'expired', redeemedAt: null });
    expect(byCode.get(second?.code ?? '')?.expiresAt.toISOString()).toBe('2026-09-10T12:00:00.000Z');
    expect(await listBoughtGiftCards(db(), friend.id)).toEqual([]);
  });

  it('the gift finder lists gift-able deals of its place and category, 12 to a page, narrowed by recipient and personality', async () => {
    const { filter } = parseListingFilter(new URLSearchParams());
    // A town with a live beauty deal.
    const [where] = await db()
      .select({ location: locations.shortName })
      .from(deals)
      .innerJoin(locations, eq(locations.id, deals.locationId))
      .where(and(eq(deals.categoryId, 2), eq(deals.status, 'live'), gt(deals.closingDate, new Date())))
      .limit(1);
    const location = where?.location ?? 'london';

    const forMum = await loadListingPage(
      db(),
      { kind: 'gift-finder', location, category: 'beauty', recipient: 'mum' },
      filter,
    );
    expect(forMum?.pageSize).toBe(12);
    expect(forMum?.path).toBe(`/${location}/beauty/gift-finder/gifts-for-mum`);
    const shown = [...(forMum?.mainDeal ? [forMum.mainDeal] : []), ...(forMum?.deals ?? [])];
    expect(shown.length).toBeGreaterThan(0);
    for (const d of shown) expect(d.category.shortName).toBe('beauty');

    // Geeky people get no beauty gifts; an unknown recipient is no page at all.
    const geeky = await loadListingPage(
      db(),
      { kind: 'gift-finder', location, category: 'beauty', recipient: 'mum', personality: 'geeky' },
      filter,
    );
    expect(geeky?.total).toBe(0);
    expect(
      await loadListingPage(db(), { kind: 'gift-finder', location, category: 'beauty', recipient: 'cat' }, filter),
    ).toBeNull();
  });

  it('a basket line of another shopper cannot be gifted', async () => {
    const a = await buyer('owner-a');
    const b = await buyer('owner-b');
    await expect(
      changeLineGifting(db(), b.basketToken, {
        lineId: a.lineId,
        change: { kind: 'wrap', quantity: 1 },
        now: new Date(),
      }),
    ).rejects.toThrow();
    const [line] = await db().select().from(basketLines).where(eq(basketLines.id, a.lineId));
    expect(line?.giftWrapQuantity).toBe(0);
  });
});
