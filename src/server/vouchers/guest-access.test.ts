import { describe, expect, it } from 'vitest';
import { canViewVoucher } from './guest-access';

describe('who may see a voucher: its owner, or the guest session that bought it', () => {
  const voucher = { userId: 5, orderId: 12 };
  it.each([
    ['its owner', { userId: 5, guestOrderIds: [] }, true],
    ['the guest session that bought the order', { userId: null, guestOrderIds: [12] }, true],
    ['another signed-in shopper', { userId: 6, guestOrderIds: [] }, false],
    ['a guest with other orders', { userId: null, guestOrderIds: [13] }, false],
    ['nobody', { userId: null, guestOrderIds: [] }, false],
  ])('%s: %s', (_who, viewer, expected) => {
    expect(canViewVoucher(viewer, voucher)).toBe(expected);
  });
});
