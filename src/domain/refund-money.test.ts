import { describe, expect, it } from 'vitest';
import { earnedShareRefunded, takeBackDue, takeBackFrom, walletRefundParts } from './refund-money';

const progress = (refunded: number, total: number, isLastOfOrder = false) => ({
  orderTotalMinor: total,
  orderRefundedMinor: refunded,
  isLastOfOrder,
});

describe('earnedShareRefunded (spec 3 Refunded: what the order earned goes back with its vouchers)', () => {
  it('takes the share of the order refunded so far, rounded down', () => {
    expect(earnedShareRefunded(100, progress(1_000, 3_000))).toBe(33);
    expect(earnedShareRefunded(100, progress(2_000, 3_000))).toBe(66);
  });
  it('takes all of it once the last voucher is refunded, whatever the rounding', () => {
    expect(earnedShareRefunded(100, progress(2_999, 3_000, true))).toBe(100);
  });
  it('never more than was earned, and nothing for nothing', () => {
    expect(earnedShareRefunded(100, progress(9_000, 3_000))).toBe(100);
    expect(earnedShareRefunded(0, progress(1_000, 3_000, true))).toBe(0);
    expect(earnedShareRefunded(100, progress(1_000, 0))).toBe(0);
  });
});

describe('takeBackDue', () => {
  it('three equal vouchers refunded one by one take back exactly what the order earned', () => {
    const earned = 100;
    let asked = 0;
    const takes: number[] = [];
    for (const [refunded, last] of [
      [1_000, false],
      [2_000, false],
      [3_000, true],
    ] as const) {
      const due = takeBackDue(earned, progress(refunded, 3_000, last), asked);
      takes.push(due);
      asked += due;
    }
    expect(takes).toEqual([33, 33, 34]);
    expect(asked).toBe(earned);
  });
  it('the last voucher handled first takes everything; the others then take nothing (never twice)', () => {
    expect(takeBackDue(100, progress(3_000, 3_000, true), 0)).toBe(100);
    expect(takeBackDue(100, progress(1_000, 3_000), 100)).toBe(0);
  });
});

describe('takeBackFrom (never below zero; the shortfall is noted)', () => {
  it('takes what is due when the shopper still holds it', () => {
    expect(takeBackFrom(500, 200)).toEqual({ taken: 200, shortfall: 0 });
  });
  it('takes what is left and notes the rest when some was spent', () => {
    expect(takeBackFrom(150, 200)).toEqual({ taken: 150, shortfall: 50 });
    expect(takeBackFrom(0, 200)).toEqual({ taken: 0, shortfall: 200 });
    expect(takeBackFrom(-20, 200)).toEqual({ taken: 0, shortfall: 200 });
  });
});

describe('walletRefundParts (spec 4: promotional credit spent comes back as promotional credit)', () => {
  const promoExpiry = new Date('2027-03-01T00:00:00Z');
  const spend = [
    { kind: 'marketing' as const, amountMinor: 500, expiresAt: promoExpiry },
    { kind: 'cash' as const, amountMinor: 300, expiresAt: null },
  ];
  it('gives the cash part back first as refundable credit, then the promotional credit with its own expiry', () => {
    expect(walletRefundParts(spend, 0, 800)).toEqual([
      { kind: 'refundable', amountMinor: 300 },
      { kind: 'marketing', amountMinor: 500, expiresAt: promoExpiry },
    ]);
  });
  it('goes on from where earlier refunds of the order stopped', () => {
    expect(walletRefundParts(spend, 0, 400)).toEqual([
      { kind: 'refundable', amountMinor: 300 },
      { kind: 'marketing', amountMinor: 100, expiresAt: promoExpiry },
    ]);
    expect(walletRefundParts(spend, 400, 400)).toEqual([
      { kind: 'marketing', amountMinor: 400, expiresAt: promoExpiry },
    ]);
  });
  it('anything beyond what the wallet paid comes back as refundable credit', () => {
    expect(walletRefundParts([], 0, 1_000)).toEqual([{ kind: 'refundable', amountMinor: 1_000 }]);
    expect(walletRefundParts(spend, 800, 200)).toEqual([{ kind: 'refundable', amountMinor: 200 }]);
  });
  it('nothing for nothing', () => {
    expect(walletRefundParts(spend, 0, 0)).toEqual([]);
  });
});
