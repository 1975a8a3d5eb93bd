import { describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_POINTS,
  engagementAward,
  exchangeOffer,
  exchangePreview,
  exchangeRefusal,
  exchangeValueMinor,
  LEVELS,
  levelFor,
  levelNamed,
  loyaltyStatus,
  pointsForSpend,
  SHARE_AWARDS_PER_DAY,
  VIEW_AWARDS_PER_DAY,
} from './loyalty';

describe('loyalty levels (spec 3 Membership and loyalty levels)', () => {
  it.each([
    [0, 'Pink'],
    [249, 'Pink'],
    [250, 'Bronze'],
    [999, 'Bronze'],
    [1000, 'Silver'],
    [2500, 'Gold'],
    [5000, 'Platinum'],
    [90000, 'Platinum'],
  ])('%i lifetime points is %s', (points, name) => {
    expect(levelFor(points).name).toBe(name);
  });

  it('spec 3: tier colours, with the default 5A266A for Pink', () => {
    expect(Object.fromEntries(LEVELS.map((l) => [l.name, l.colour]))).toEqual({
      Pink: '5A266A',
      Bronze: 'D58836',
      Silver: '9CA0A2',
      Gold: 'D1B53D',
      Platinum: '6B7173',
    });
  });

  it('spec 3: an unknown level is Pink', () => {
    expect(levelNamed('Diamond').name).toBe('Pink');
    expect(levelNamed(null).name).toBe('Pink');
    expect(levelNamed('Gold').name).toBe('Gold');
  });
});

describe('loyalty status (spec 3 Loyalty status)', () => {
  it('a Silver member: current and next level, points to the next level', () => {
    const status = loyaltyStatus({ lifetimePoints: 1200, currentPoints: 800 });
    expect(status.currentLevel).toEqual({ name: 'Silver', exchangeRate: 0.0125, colour: '9CA0A2' });
    expect(status.nextLevel?.name).toBe('Gold');
    expect(status.pointsToNextLevel).toBe(1300);
    expect(status.canExchange).toBe(true);
  });

  it('Platinum has no next level and nothing to go', () => {
    const status = loyaltyStatus({ lifetimePoints: 6000, currentPoints: 10 });
    expect(status.nextLevel).toBeNull();
    expect(status.pointsToNextLevel).toBe(0);
  });
});

describe('points earned (spec 1: per pound spent)', () => {
  it.each([
    [0, 0],
    [99, 0],
    [100, 10],
    [2599, 250],
  ])('%i pence earns %i points', (pence, points) => {
    expect(pointsForSpend(pence)).toBe(points);
  });
});

describe('club engagement awards (spec 3 club engagement; decision 027 Points for sharing)', () => {
  it.each([
    ['viewDeal', false, 0, ENGAGEMENT_POINTS.viewDeal],
    ['viewDeal', true, 0, 0],
    ['viewDeal', false, SHARE_AWARDS_PER_DAY, ENGAGEMENT_POINTS.viewDeal],
    ['viewDeal', false, VIEW_AWARDS_PER_DAY, 0],
    ['shareDeal', false, 0, ENGAGEMENT_POINTS.shareDeal],
    ['shareDeal', false, SHARE_AWARDS_PER_DAY - 1, ENGAGEMENT_POINTS.shareDeal],
    ['shareDeal', false, SHARE_AWARDS_PER_DAY, 0],
    ['shareDeal', true, 0, 0],
  ] as const)(
    '%s, deal already counted today %s, %i of its kind awarded today: %i points',
    (kind, counted, shares, points) => {
      expect(engagementAward(kind, { dealAlreadyCounted: counted, awardedToday: shares })).toBe(points);
    },
  );
});

describe('loyalty exchange (spec 5)', () => {
  it('Pink cannot exchange and sees the points needed for the next level', () => {
    const status = loyaltyStatus({ lifetimePoints: 100, currentPoints: 100 });
    expect(exchangeOffer(status)).toEqual({ kind: 'pink', pointsToNextLevel: 150, nextLevel: 'Bronze' });
    expect(exchangeRefusal(50, status)).toBe('Exchanging points opens at Bronze: 150 more points to go.');
    expect(exchangePreview(50, 100)).toEqual([]);
  });

  it('with 0 points: "You don\'t have enough points"', () => {
    const status = loyaltyStatus({ lifetimePoints: 300, currentPoints: 0 });
    expect(exchangeOffer(status)).toEqual({ kind: 'none', message: "You don't have enough points" });
    expect(exchangeRefusal(1, status)).toBe("You don't have enough points");
  });

  it('otherwise the range message, and a number outside it is refused with it', () => {
    const status = loyaltyStatus({ lifetimePoints: 1200, currentPoints: 800 });
    const message = 'Please select a number between 1 and 800 to exchange your points.';
    expect(exchangeOffer(status)).toEqual({ kind: 'open', max: 800, message });
    expect(exchangeRefusal(0, status)).toBe(message);
    expect(exchangeRefusal(801, status)).toBe(message);
    expect(exchangeRefusal(2.5, status)).toBe(message);
    expect(exchangeRefusal(800, status)).toBeNull();
  });

  it('the preview is points times the rate to 2 decimals, and at the next level for Bronze, Silver and Gold', () => {
    expect(exchangePreview(800, 1200)).toEqual([
      { level: 'Silver', valueMinor: 1000, pounds: '10.00' },
      { level: 'Gold', valueMinor: 1200, pounds: '12.00' },
    ]);
    expect(exchangePreview(3, 300)).toEqual([
      { level: 'Bronze', valueMinor: 3, pounds: '0.03' },
      { level: 'Silver', valueMinor: 4, pounds: '0.04' },
    ]);
    expect(exchangePreview(100, 3000).map((l) => l.level)).toEqual(['Gold', 'Platinum']);
    expect(exchangePreview(100, 6000)).toEqual([{ level: 'Platinum', valueMinor: 200, pounds: '2.00' }]);
  });

  it('the credit is what the preview shows, to the penny', () => {
    for (const points of [1, 7, 333, 999]) {
      const [first] = exchangePreview(points, 1200);
      expect(exchangeValueMinor(points, levelFor(1200))).toBe(first?.valueMinor);
    }
  });
});
