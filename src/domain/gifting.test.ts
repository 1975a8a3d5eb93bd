import { describe, expect, it } from 'vitest';
import { londonDay } from './format';
import {
  changeGifting,
  EGIFT_MESSAGES,
  eGiftProblems,
  formatGiftCode,
  GIFT_PACK_PRICE_STEPS,
  GIFT_TOASTS,
  GIFT_WRAP_PRICE_MINOR,
  type GiftingState,
  giftCardExpiry,
  giftCardStatus,
  giftExtraLines,
  giftPackPriceMinor,
  giftTypeOf,
  NEXT_DAY_PACK_SURCHARGE_MINOR,
  NO_GIFTING,
  normaliseGiftCode,
  sentGiftStatus,
} from './gifting';
import { ADJUSTMENT_ORDER, type PricingLine, priceLines } from './pricing';

const everything = { deliveryOptions: ['e-gift', 'ndd-gpk', 'std-gpk', 'none'], giftWrap: true };
const state = (over: Partial<GiftingState> = {}): GiftingState => ({ ...NO_GIFTING, ...over });

describe('spec 4 "Gifting changes"', () => {
  it('choosing none clears gifting (pack and wrap too)', () => {
    const outcome = changeGifting(
      state({ delivery: 'ndd-gpk', packQuantity: 2, wrapQuantity: 2 }),
      { kind: 'delivery', delivery: 'none' },
      2,
      everything,
    );
    expect(outcome).toEqual({ ok: true, state: NO_GIFTING, toast: null });
  });

  it('e-gift removes any previous gift pack line', () => {
    const outcome = changeGifting(
      state({ delivery: 'ndd-gpk', packQuantity: 2, wrapQuantity: 1 }),
      { kind: 'delivery', delivery: 'e-gift' },
      2,
      everything,
    );
    expect(outcome.ok && outcome.state).toEqual({ delivery: 'e-gift', packQuantity: 0, wrapQuantity: 0 });
    expect(outcome.ok && giftExtraLines(outcome.state)).toEqual([]);
  });

  it('switching from a standard gift pack to e-gift leaves no pack or wrap line behind', () => {
    const std = changeGifting(state({ wrapQuantity: 2 }), { kind: 'delivery', delivery: 'std-gpk' }, 2, everything);
    if (!std.ok) throw new Error(std.message);
    const egift = changeGifting(std.state, { kind: 'delivery', delivery: 'e-gift' }, 2, everything);
    expect(egift.ok && giftExtraLines(egift.state)).toEqual([]);
  });

  it('a pack replaces the previous pack with one holding every voucher, and says "Gift Pack Added"', () => {
    const outcome = changeGifting(
      state({ delivery: 'std-gpk', packQuantity: 1 }),
      { kind: 'delivery', delivery: 'ndd-gpk' },
      3,
      everything,
    );
    expect(outcome).toEqual({
      ok: true,
      state: { delivery: 'ndd-gpk', packQuantity: 3, wrapQuantity: 0 },
      toast: 'Gift Pack Added',
    });
    expect(GIFT_TOASTS.pack).toBe('Gift Pack Added');
  });

  it('a standard pack also removes the gift-wrap line; a next-day pack keeps it', () => {
    const wrapped = state({ wrapQuantity: 2 });
    const std = changeGifting(wrapped, { kind: 'delivery', delivery: 'std-gpk' }, 2, everything);
    const ndd = changeGifting(wrapped, { kind: 'delivery', delivery: 'ndd-gpk' }, 2, everything);
    expect(std.ok && std.state.wrapQuantity).toBe(0);
    expect(ndd.ok && ndd.state.wrapQuantity).toBe(2);
  });

  it('gift wrap added says "Gift Wrap Added"; a wrap quantity of 0 deletes the line', () => {
    const added = changeGifting(NO_GIFTING, { kind: 'wrap', quantity: 2 }, 3, everything);
    expect(added).toEqual({ ok: true, state: { ...NO_GIFTING, wrapQuantity: 2 }, toast: 'Gift Wrap Added' });
    if (!added.ok) throw new Error('refused');
    expect(giftTypeOf(added.state)).toBe('wrapped');
    const removed = changeGifting(added.state, { kind: 'wrap', quantity: 0 }, 3, everything);
    expect(removed.ok && giftExtraLines(removed.state)).toEqual([]);
    expect(removed.ok && giftTypeOf(removed.state)).toBe('none');
  });

  it('never wraps more vouchers than the line holds', () => {
    const outcome = changeGifting(NO_GIFTING, { kind: 'wrap', quantity: 9 }, 2, everything);
    expect(outcome.ok && outcome.state.wrapQuantity).toBe(2);
  });

  it('refuses what the option does not offer: a delivery option, or wrap', () => {
    const egiftOnly = { deliveryOptions: ['e-gift', 'none'], giftWrap: false };
    expect(changeGifting(NO_GIFTING, { kind: 'delivery', delivery: 'ndd-gpk' }, 1, egiftOnly).ok).toBe(false);
    expect(changeGifting(NO_GIFTING, { kind: 'wrap', quantity: 1 }, 1, egiftOnly).ok).toBe(false);
    expect(
      changeGifting(state({ delivery: 'std-gpk', packQuantity: 1 }), { kind: 'wrap', quantity: 1 }, 1, everything).ok,
    ).toBe(false);
  });

  it('removing an item takes it out of the gift pack and adjusts the wrap quantity', () => {
    const outcome = changeGifting(
      state({ delivery: 'ndd-gpk', packQuantity: 3, wrapQuantity: 3 }),
      { kind: 'quantity', quantity: 1 },
      3,
      everything,
    );
    expect(outcome.ok && outcome.state).toEqual({ delivery: 'ndd-gpk', packQuantity: 1, wrapQuantity: 1 });
  });

  it('adding items puts them in the pack too', () => {
    const outcome = changeGifting(
      state({ delivery: 'std-gpk', packQuantity: 1 }),
      { kind: 'quantity', quantity: 4 },
      1,
      everything,
    );
    expect(outcome.ok && outcome.state.packQuantity).toBe(4);
  });
});

describe('spec 9: gift pack price steps run from 150 to 1500', () => {
  it('steps by the vouchers in the pack, capped at 1500; next day adds its surcharge', () => {
    expect(GIFT_PACK_PRICE_STEPS[0]).toBe(150);
    expect(GIFT_PACK_PRICE_STEPS.at(-1)).toBe(1500);
    expect(giftPackPriceMinor('std-gpk', 1)).toBe(150);
    expect(giftPackPriceMinor('std-gpk', 2)).toBe(300);
    expect(giftPackPriceMinor('std-gpk', 25)).toBe(1500);
    expect(giftPackPriceMinor('ndd-gpk', 1)).toBe(150 + NEXT_DAY_PACK_SURCHARGE_MINOR);
    expect(giftPackPriceMinor('std-gpk', 0)).toBe(0);
  });
});

describe('gift wrap and packs are pricing adjustments (basket, summary and charge agree)', () => {
  const line = (over: Partial<PricingLine> = {}): PricingLine => ({
    id: 1,
    currency: 'GBP',
    quantity: 2,
    unitPriceMinor: 2500,
    postagePerUnitMinor: 0,
    pricePerPerson: false,
    deposit: { payDeposit: false, hasDeposit: false, depositPriceMinor: null },
    isOnSale: true,
    ...over,
  });

  it('adds wrap and pack to the line total and the order total, not to the line price', () => {
    const breakdown = priceLines({
      lines: [line({ gifting: { wrapQuantity: 2, pack: 'ndd-gpk', packQuantity: 2 } })],
    });
    const gifting = 2 * GIFT_WRAP_PRICE_MINOR + giftPackPriceMinor('ndd-gpk', 2);
    expect(breakdown.lines[0]?.priceMinor).toBe(5000);
    expect(breakdown.lines[0]?.totalMinor).toBe(5000 + gifting);
    expect(breakdown.giftingMinor).toBe(gifting);
    expect(breakdown.totalMinor).toBe(breakdown.subtotalMinor + breakdown.postageMinor + breakdown.giftingMinor);
    expect(breakdown.adjustments.map((a) => a.kind)).toEqual(['giftWrap', 'giftPack']);
  });

  it('applies after a promotion code, so a code never discounts the wrap', () => {
    expect(ADJUSTMENT_ORDER.indexOf('giftWrap')).toBeGreaterThan(ADJUSTMENT_ORDER.indexOf('promotionCode'));
    const breakdown = priceLines({
      lines: [line({ gifting: { wrapQuantity: 1, pack: null, packQuantity: 0 } })],
      promotion: { promoCodeId: 1, code: 'TENOFF', lineIds: [1], kind: 'percent', percentOff: 10, amountOffMinor: 0 },
    });
    expect(breakdown.giftingMinor).toBe(GIFT_WRAP_PRICE_MINOR);
    expect(breakdown.promotion?.discountMinor).toBe(500);
    expect(breakdown.totalMinor).toBe(5000 - 500 + GIFT_WRAP_PRICE_MINOR);
  });

  it('the wallet pays the wrap and pack too', () => {
    const breakdown = priceLines({
      lines: [line({ quantity: 1, gifting: { wrapQuantity: 1, pack: null, packQuantity: 0 } })],
      wallet: { use: true, balances: [{ currency: 'GBP', balanceMinor: 100_000 }] },
    });
    expect(breakdown.paidBy).toEqual({ walletMinor: 2500 + GIFT_WRAP_PRICE_MINOR, cashMinor: 0 });
  });
});

describe('e-gift details', () => {
  const ok = {
    recipientName: 'Sam',
    recipientEmail: 'sam@example.com',
    message: 'Happy birthday!',
    sendOn: '2026-12-01',
  };
  it('accepts a recipient with a send date from today on', () => {
    expect(eGiftProblems(ok, '2026-12-01')).toEqual({});
  });
  it('names each problem', () => {
    expect(
      eGiftProblems(
        { recipientName: ' ', recipientEmail: 'nope', message: 'x'.repeat(301), sendOn: '2026-11-30' },
        '2026-12-01',
      ),
    ).toEqual({
      recipientName: EGIFT_MESSAGES.name,
      recipientEmail: EGIFT_MESSAGES.email,
      message: EGIFT_MESSAGES.message,
      sendOn: EGIFT_MESSAGES.sendOnPast,
    });
    expect(eGiftProblems({ ...ok, sendOn: 'soon' }, '2026-12-01').sendOn).toBe(EGIFT_MESSAGES.sendOnInvalid);
    expect(eGiftProblems({ ...ok, sendOn: '2028-12-01' }, '2026-12-01').sendOn).toBe(EGIFT_MESSAGES.sendOnFar);
  });
  it('the send date is a UK calendar day', () => {
    expect(londonDay(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(londonDay(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

describe('spec 4: a gift card not redeemed within 6 months of purchase expires', () => {
  it.each([
    ['2026-01-15T10:00:00Z', '2026-07-15T10:00:00.000Z'],
    ['2026-08-31T10:00:00Z', '2027-02-28T10:00:00.000Z'],
  ])('bought %s, it expires %s', (bought, expires) => {
    expect(giftCardExpiry(new Date(bought)).toISOString()).toBe(expires);
  });
});

describe("a sender's gift and a buyer's gift card as their account shows them", () => {
  const at = new Date('2026-05-01T09:00:00Z');
  it.each([
    ['scheduled until its email is written on the send date', { mailedAt: null, claimedAt: null }, 'scheduled'],
    ['sent once mailed', { mailedAt: at, claimedAt: null }, 'sent'],
    ['claimed once the recipient claims it', { mailedAt: at, claimedAt: at }, 'claimed'],
  ] as const)('a gift is %s', (_, gift, status) => {
    expect(sentGiftStatus(gift)).toBe(status);
  });

  it('spec 4: an active card past its 6 months reads expired before the hourly job marks it', () => {
    const expiresAt = new Date('2026-11-01T09:00:00Z');
    expect(giftCardStatus({ status: 'active', expiresAt }, new Date('2026-10-31T09:00:00Z'))).toBe('active');
    expect(giftCardStatus({ status: 'active', expiresAt }, expiresAt)).toBe('expired');
    expect(giftCardStatus({ status: 'redeemed', expiresAt }, new Date('2027-01-01T00:00:00Z'))).toBe('redeemed');
  });
});

describe('gift codes', () => {
  it('read aloud easily and normalise however they are typed', () => {
    const code = formatGiftCode(new Uint8Array(12).fill(7), 'GIFT');
    expect(code).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(code.slice('GIFT-'.length)).not.toMatch(/[01OI]/);
    expect(normaliseGiftCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(code);
    expect(normaliseGiftCode('GIFT-1234')).toBeNull();
    expect(normaliseGiftCode('card abcd efgh jkmn')).toBe('CARD-ABCD-EFGH-JKMN');
  });
});
