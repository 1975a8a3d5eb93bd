import { describe, expect, it } from 'vitest';
import { guestOrderIds, isGuestVoucherVisit, rememberGuestOrder } from './voucher-access';

const sessionWith = (guestOrders: unknown) => ({
  get: async (key: string) => (key === 'guestOrders' ? guestOrders : undefined),
});

describe('guest access: guestOrders in the session', () => {
  it.each([
    [
      [12, 40],
      [12, 40],
    ],
    [undefined, []],
    ['12', []],
    [
      [12, '13', -1, 1.5, 0, 14],
      [12, 14],
    ],
  ])('%j reads as %j', async (stored, expected) => {
    expect(await guestOrderIds(sessionWith(stored) as never)).toEqual(expected);
  });

  it('no session means no guest orders', async () => {
    expect(await guestOrderIds(undefined)).toEqual([]);
  });
});

describe('the pay endpoint remembers a guest order in the session', () => {
  function memorySession() {
    const data = new Map<string, unknown>();
    return {
      get: async (key: string) => data.get(key),
      set: (key: string, value: unknown) => void data.set(key, value),
    };
  }

  it('adds each order once, so a replayed submit changes nothing', async () => {
    const session = memorySession();
    await rememberGuestOrder(session as never, 12);
    await rememberGuestOrder(session as never, 12);
    await rememberGuestOrder(session as never, 40);
    expect(await guestOrderIds(session as never)).toEqual([12, 40]);
  });

  it('keeps the 20 most recent orders', async () => {
    const session = memorySession();
    for (let id = 1; id <= 25; id += 1) await rememberGuestOrder(session as never, id);
    const kept = await guestOrderIds(session as never);
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe(6);
    expect(kept.at(-1)).toBe(25);
  });
});

describe('a guest with orders may open their vouchers page past the spec 2 login guard', () => {
  it.each([
    ['/myaccount/vouchers', [12], true],
    ['/myaccount/vouchers/', [12], true],
    ['/myaccount/vouchers', [], false],
    ['/myaccount/wallet', [12], false],
    ['/myaccount/profile', [12], false],
  ])('%s with guest orders %j: %s', async (path, orders, expected) => {
    expect(await isGuestVoucherVisit(sessionWith(orders) as never, path)).toBe(expected);
  });
});
