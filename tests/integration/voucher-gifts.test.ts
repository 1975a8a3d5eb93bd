/**
 * Send as a gift (spec 4 redemption event key gifting; decision 026) on embedded PGlite: a shopper sends one
 * bought, Ready to Redeem voucher to a friend by email through the e-gift claim flow. The friend's email
 * (with its gift code) goes through the outbox; the voucher stays the sender's until the friend claims it,
 * then moves alone (not the rest of its order line); it is sent once; a voucher refunded meanwhile cannot be
 * claimed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { EGIFT_MESSAGES } from '../../src/domain/gifting';
import { LIFECYCLE_COPY } from '../../src/domain/voucher-lifecycle';
import type { Database } from '../../src/server/db/client';
import { deals, gifts, outbox, vouchers } from '../../src/server/db/schema';
import { cancelGift, claimGift, GIFT_MESSAGES, giftVoucher, listWaitingVoucherGifts } from '../../src/server/gifting';
import { placeOrder } from '../../src/server/orders';
import { type PaymentProviders, singleProvider } from '../../src/server/payments';
import { refundVoucherToCard } from '../../src/server/voucher-lifecycle';
import { createBuyers, type LimitedDeal, prepareLimitedDeal } from '../fixtures/purchase-scenario';
import { createSandboxProvider } from '../fixtures/sandbox-gateway';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { mailText } from './support/mail';

const ORIGIN = 'http://shop.test';

describe.each(embedded)('spec 4 gifting: a shopper sends a bought voucher to a friend, on $name', (engine) => {
  let database: Database;
  let deal: LimitedDeal;
  let providers: PaymentProviders;
  let bought = 0;
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(db(), { deals: 40, seed: 19 });
    deal = await prepareLimitedDeal(db(), 40);
    await db().update(deals).set({ deliveryType: 'e-voucher' }).where(eq(deals.id, deal.dealId));
    providers = singleProvider(createSandboxProvider(db()));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  /** A shopper who bought `quantity` vouchers on one order line today. */
  async function buy(quantity: number) {
    bought += 1;
    const [buyer] = await createBuyers(db(), deal, 1, { prefix: `giver${bought}`, quantity });
    if (buyer === undefined) throw new Error('no buyer');
    const total = deal.unitTotalMinor * quantity;
    const placed = await placeOrder(db(), providers, {
      basketToken: buyer.basketToken,
      buyer: buyer.user,
      useWallet: false,
      expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
      payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
      idempotencyKey: `gift-${buyer.basketToken}`,
      now: new Date(),
      origin: ORIGIN,
    });
    if (!placed.ok) throw new Error(placed.message);
    return { sender: buyer.user, voucherIds: placed.order.voucherIds };
  }

  const send = (
    voucherId: number,
    userId: number,
    recipientEmail: string,
    extra: Partial<{ recipientName: string; message: string }> = {},
  ) =>
    giftVoucher(db(), {
      voucherId,
      userId,
      recipientName: 'Sam',
      recipientEmail,
      message: 'Happy birthday!',
      origin: ORIGIN,
      now: new Date(),
      ...extra,
    });

  async function owner(voucherId: number) {
    const [row] = await db().select({ userId: vouchers.userId }).from(vouchers).where(eq(vouchers.id, voucherId));
    return row?.userId;
  }

  it('emails the friend a gift code; the voucher moves alone when they claim it, once', async () => {
    const { sender, voucherIds } = await buy(2);
    const [gifted, kept] = voucherIds;
    if (gifted === undefined || kept === undefined) throw new Error('two vouchers expected');
    const friend = await insertTestUser(db());

    expect(await send(gifted, sender.id, friend.email.toUpperCase())).toEqual({ recipientName: 'Sam' });

    // The friend's email is in the outbox now, with the code and where to claim it.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, friend.email), eq(outbox.kind, 'e_gift')));
    const text = mail === undefined ? '' : await mailText(mail);
    const code = text.match(/GIFT-[A-Z0-9-]+/)?.[0] ?? '';
    expect(code).not.toBe('');
    expect(text).toContain(`${ORIGIN}/mygift?code=${code}`);
    expect(text).toContain('Happy birthday!');
    // Still the sender's, and shown as waiting on their voucher page.
    expect(await owner(gifted)).toBe(sender.id);
    expect([...(await listWaitingVoucherGifts(db(), voucherIds)).keys()]).toEqual([gifted]);

    // Sent once: a second send of the same voucher is refused.
    await expect(send(gifted, sender.id, 'someone@example.co.uk')).rejects.toMatchObject({
      kind: 'conflict',
      message: GIFT_MESSAGES.voucherAlreadyGifted,
    });

    expect(await claimGift(db(), { code, userId: friend.id, now: new Date() })).toEqual({ vouchers: 1, code });
    expect(await owner(gifted)).toBe(friend.id);
    expect(await owner(kept)).toBe(sender.id);
    expect((await listWaitingVoucherGifts(db(), voucherIds)).size).toBe(0);
    await expect(claimGift(db(), { code, userId: friend.id, now: new Date() })).rejects.toMatchObject({
      message: GIFT_MESSAGES.alreadyClaimed,
    });
  });

  it("only the owner's Ready to Redeem voucher goes, to a real address that is not their own", async () => {
    const { sender, voucherIds } = await buy(1);
    const [voucherId] = voucherIds;
    if (voucherId === undefined) throw new Error('a voucher expected');
    const stranger = await insertTestUser(db());

    await expect(send(voucherId, stranger.id, 'sam@example.co.uk')).rejects.toMatchObject({
      kind: 'notFound',
      message: GIFT_MESSAGES.notYourVoucher,
    });
    await expect(send(voucherId, sender.id, 'not-an-email')).rejects.toMatchObject({
      kind: 'invalid',
      message: EGIFT_MESSAGES.email,
    });
    await expect(send(voucherId, sender.id, sender.email)).rejects.toMatchObject({ message: GIFT_MESSAGES.giftToSelf });
    expect(await db().select().from(gifts).where(eq(gifts.voucherId, voucherId))).toEqual([]);

    await refundVoucherToCard(db(), providers, { voucherId, userId: sender.id, now: new Date() });
    await expect(send(voucherId, sender.id, 'sam@example.co.uk')).rejects.toMatchObject({
      kind: 'conflict',
      message: GIFT_MESSAGES.voucherNotGiftable,
    });
  });

  it('docs/decisions/048: a voucher waiting in a gift is refunded only once the gift is cancelled, and then cannot be claimed', async () => {
    const { sender, voucherIds } = await buy(1);
    const [voucherId] = voucherIds;
    if (voucherId === undefined) throw new Error('a voucher expected');
    const friend = await insertTestUser(db());
    await send(voucherId, sender.id, friend.email);
    const [gift] = await db().select().from(gifts).where(eq(gifts.voucherId, voucherId));
    if (gift === undefined) throw new Error('a gift expected');

    await expect(
      refundVoucherToCard(db(), providers, { voucherId, userId: sender.id, now: new Date() }),
    ).rejects.toMatchObject({ kind: 'conflict', message: LIFECYCLE_COPY.giftWaiting });
    await cancelGift(db(), { voucherId, userId: sender.id, now: new Date() });
    await refundVoucherToCard(db(), providers, { voucherId, userId: sender.id, now: new Date() });
    await expect(claimGift(db(), { code: gift.code, userId: friend.id, now: new Date() })).rejects.toMatchObject({
      kind: 'conflict',
      message: GIFT_MESSAGES.cancelled,
    });
    expect(await owner(voucherId)).toBe(sender.id);
    const [after] = await db().select().from(gifts).where(eq(gifts.id, gift.id));
    expect(after?.claimedAt).toBeNull();
  });
});
