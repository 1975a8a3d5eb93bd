import { describe, expect, it } from 'vitest';
import {
  BASKET_TOKEN_MIN,
  basketCountFromCookies,
  basketCountLabel,
  basketCountText,
  type CountedLine,
  isValidBasketToken,
  type MergeableLine,
  mergeBasketLines,
  visibleQuantity,
} from './basket';

describe('spec 5 tokens: a basket token longer than 10 characters is valid', () => {
  it.each([
    ['no token', undefined, false],
    ['a number', 12345678901, false],
    ['empty', '', false],
    ['10 characters', 'a'.repeat(10), false],
    ['11 characters', 'a'.repeat(11), true],
    ['32 characters', 'x'.repeat(32), true],
    ['a base64url token', 'Zm9vYmFyLWJhei1xdXV4X3Rva2VuLTEy', true],
    ['a NUL inside', `${'a'.repeat(11)}\u0000`, false],
    ['control and non-ASCII characters', `\u0001${'🙂'.repeat(6)}`, false],
  ])('%s', (_name, token, valid) => {
    expect(isValidBasketToken(token)).toBe(valid);
  });

  it('BASKET_TOKEN_MIN is the shortest valid length', () => {
    expect(BASKET_TOKEN_MIN).toBe(11);
    expect(isValidBasketToken('a'.repeat(BASKET_TOKEN_MIN - 1))).toBe(false);
  });
});

type Existing = MergeableLine & { id: number };
const existing = (id: number, dealProductId: number, quantity: number, extra: Partial<Existing> = {}): Existing => ({
  id,
  dealProductId,
  quantity,
  ...extra,
});
const incoming = (dealProductId: number, quantity: number, extra: Partial<MergeableLine> = {}): MergeableLine => ({
  dealProductId,
  quantity,
  ...extra,
});

describe('spec 4 "Basket creation": merging new lines into the current basket', () => {
  const cases: Array<{
    name: string;
    current: Existing[];
    wanted: MergeableLine[];
    keep: number[];
    update: Array<[number, number]>;
    add: Array<[number, number]>;
    remove: number[];
  }> = [
    {
      name: 'a new line is added to an empty basket',
      current: [],
      wanted: [incoming(7, 2)],
      keep: [],
      update: [],
      add: [[7, 2]],
      remove: [],
    },
    {
      name: 'new lines with zero quantity are dropped',
      current: [],
      wanted: [incoming(7, 0), incoming(8, 1)],
      keep: [],
      update: [],
      add: [[8, 1]],
      remove: [],
    },
    {
      name: 'an existing line with zero incoming quantity is removed',
      current: [existing(1, 7, 3)],
      wanted: [incoming(7, 0)],
      keep: [],
      update: [],
      add: [],
      remove: [1],
    },
    {
      name: 'an existing line is updated and its quantity replaced, not added to',
      current: [existing(1, 7, 3)],
      wanted: [incoming(7, 5)],
      keep: [],
      update: [[1, 5]],
      add: [],
      remove: [],
    },
    {
      name: 'an updated quantity is at least 1',
      current: [existing(1, 7, 3)],
      wanted: [incoming(7, 0.5)],
      keep: [],
      update: [[1, 1]],
      add: [],
      remove: [],
    },
    {
      name: 'lines nobody asked about are kept',
      current: [existing(1, 7, 3), existing(2, 9, 1)],
      wanted: [incoming(7, 2), incoming(10, 1)],
      keep: [2],
      update: [[1, 2]],
      add: [[10, 1]],
      remove: [],
    },
    {
      name: 'the same product twice in one request: the last one wins',
      current: [existing(1, 7, 3)],
      wanted: [incoming(7, 4), incoming(7, 0)],
      keep: [],
      update: [],
      add: [],
      remove: [1],
    },
  ];
  it.each(cases)('$name', ({ current, wanted, keep, update, add, remove }) => {
    const merge = mergeBasketLines(current, wanted);
    expect(merge.keep.map((l) => l.id)).toEqual(keep);
    expect(merge.update.map((u) => [u.existing.id, u.next.quantity])).toEqual(update);
    expect(merge.add.map((l) => [l.dealProductId, l.quantity])).toEqual(add);
    expect(merge.remove.map((l) => l.id)).toEqual(remove);
  });

  it('an update carries the dates, gift claim and deposit flag of the incoming line', () => {
    const merge = mergeBasketLines(
      [existing(1, 7, 1, { checkInDate: '2026-01-01', giftClaim: false, payDeposit: false })],
      [incoming(7, 2, { checkInDate: '2026-02-01', checkOutDate: '2026-02-03', giftClaim: true, payDeposit: true })],
    );
    expect(merge.update[0]?.next).toEqual({
      dealProductId: 7,
      quantity: 2,
      checkInDate: '2026-02-01',
      checkOutDate: '2026-02-03',
      giftClaim: true,
      payDeposit: true,
    });
  });
});

const line = (over: Partial<CountedLine> = {}): CountedLine => ({
  isGiftPack: false,
  isGiftWrap: false,
  isVisible: true,
  ...over,
});

describe('spec 5: the visible quantity counts lines that are neither gift packs nor gift wraps and are visible', () => {
  it.each([
    ['an empty basket', [], 0],
    ['one line', [line()], 1],
    ['two lines', [line(), line()], 2],
    ['a gift pack is not counted', [line(), line({ isGiftPack: true })], 1],
    ['a gift wrap is not counted', [line(), line({ isGiftWrap: true })], 1],
    ['a hidden line is not counted', [line({ isVisible: false }), line()], 1],
  ])('%s', (_name, lines, count) => {
    expect(visibleQuantity(lines)).toBe(count);
  });
});

describe('spec 4: the basket quantity shows as empty text when zero', () => {
  it.each([
    [0, '', 'Basket, 0 items'],
    [-1, '', 'Basket, 0 items'],
    [Number.NaN, '', 'Basket, 0 items'],
    [1, '1', 'Basket, 1 item'],
    [3, '3', 'Basket, 3 items'],
  ])('%s shows "%s" and is named "%s"', (n, text, label) => {
    expect(basketCountText(n)).toBe(text);
    expect(basketCountLabel(n)).toBe(label);
  });
});

describe('the header reads the visible quantity from the basket_qty cookie', () => {
  it.each([
    ['no cookies', '', 0],
    ['other cookies only', 'site=tuppence; user_logged_in=true', 0],
    ['a count', 'site=tuppence; basket_qty=2; x=1', 2],
    ['zero', 'basket_qty=0', 0],
    ['nonsense', 'basket_qty=abc', 0],
    ['a negative number', 'basket_qty=-3', 0],
    ['a similar name is not it', 'old_basket_qty=4', 0],
  ])('%s', (_name, cookies, count) => {
    expect(basketCountFromCookies(cookies)).toBe(count);
  });
});
