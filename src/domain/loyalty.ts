/**
 * The loyalty club (spec 1, 3 "Membership and loyalty levels", 5 "Loyalty exchange", 6): points
 * earned per pound spent and for club engagement (viewing and sharing deals), levels by lifetime
 * points, and exchanging points for wallet credit at the level's rate. Pure: the loyalty service
 * (src/server/loyalty) reads and writes the points; every number it shows comes from here.
 * The thresholds, rates and earning rules the spec leaves open are chosen in docs/decisions/027.
 */
import { exchangeRangeMessage, MESSAGES } from './messages';

/** spec 3 and 9: the levels, lowest first. Pink is the default and the fallback for an unknown level. */
export const LOYALTY_LEVELS = ['Pink', 'Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type LoyaltyLevelName = (typeof LOYALTY_LEVELS)[number];

export interface LoyaltyLevel {
  name: LoyaltyLevelName;
  /** Lifetime points from which a member holds this level. */
  fromLifetimePoints: number;
  /** Pounds of wallet credit one point buys, in hundredths of a penny (Bronze 100 = £0.01 a point); 0: cannot exchange. */
  rateCentipence: number;
  /** spec 3 tier colours (hex without #); the default 5A266A for Pink. */
  colour: string;
}

/** The levels and what each is worth (docs/decisions/027 chooses the numbers the spec leaves open). */
export const LEVELS: readonly LoyaltyLevel[] = [
  { name: 'Pink', fromLifetimePoints: 0, rateCentipence: 0, colour: '5A266A' },
  { name: 'Bronze', fromLifetimePoints: 250, rateCentipence: 100, colour: 'D58836' },
  { name: 'Silver', fromLifetimePoints: 1000, rateCentipence: 125, colour: '9CA0A2' },
  { name: 'Gold', fromLifetimePoints: 2500, rateCentipence: 150, colour: 'D1B53D' },
  { name: 'Platinum', fromLifetimePoints: 5000, rateCentipence: 200, colour: '6B7173' },
];

/** Points for each whole pound an order costs (spec 1: points per pound spent). */
export const POINTS_PER_POUND = 10;
/** spec 3 club engagement: viewing a deal and sharing one, each counted once per deal per day. */
export const ENGAGEMENT_POINTS = { viewDeal: 1, shareDeal: 5 } as const;
export type EngagementKind = keyof typeof ENGAGEMENT_POINTS;
/**
 * Against abuse (docs/decisions/027 "Points for sharing"): views and shares each earn points for at
 * most this many deals a member views or shares in one day; later ones that day earn nothing (a view
 * is recorded for any deal id a member sends, so views are capped too).
 */
export const ENGAGEMENT_AWARDS_PER_DAY: Readonly<Record<EngagementKind, number>> = { viewDeal: 20, shareDeal: 10 };
export const SHARE_AWARDS_PER_DAY = ENGAGEMENT_AWARDS_PER_DAY.shareDeal;
export const VIEW_AWARDS_PER_DAY = ENGAGEMENT_AWARDS_PER_DAY.viewDeal;

/**
 * spec 3 club engagement: the points one view or share earns, given whether this deal already
 * earned this kind today and how many of this kind already earned points today.
 */
export function engagementAward(
  kind: EngagementKind,
  today: { dealAlreadyCounted: boolean; awardedToday: number },
): number {
  if (today.dealAlreadyCounted) return 0;
  if (today.awardedToday >= ENGAGEMENT_AWARDS_PER_DAY[kind]) return 0;
  return ENGAGEMENT_POINTS[kind];
}

/** spec 3: a level by name; an unknown name is Pink. */
export function levelNamed(name: string | null | undefined): LoyaltyLevel {
  return LEVELS.find((level) => level.name === name) ?? (LEVELS[0] as LoyaltyLevel);
}

/** The level a member holds with these lifetime points. */
export function levelFor(lifetimePoints: number): LoyaltyLevel {
  let held = LEVELS[0] as LoyaltyLevel;
  for (const level of LEVELS) if (lifetimePoints >= level.fromLifetimePoints) held = level;
  return held;
}

/** The level after this one, or null at Platinum. */
export function nextLevelOf(level: LoyaltyLevel): LoyaltyLevel | null {
  return LEVELS[LEVELS.findIndex((l) => l.name === level.name) + 1] ?? null;
}

/** spec 1: the points an amount spent earns (whole pounds only). */
export function pointsForSpend(amountMinor: number): number {
  return amountMinor <= 0 ? 0 : Math.floor(amountMinor / 100) * POINTS_PER_POUND;
}

/** Wallet credit in pence these points buy at a level's rate, rounded to the penny (spec 5: 2 decimals). */
export function exchangeValueMinor(points: number, level: LoyaltyLevel): number {
  return Math.round((points * level.rateCentipence) / 100);
}

/** spec 3 Loyalty status, as the rewards page and GET /reward/details show it. */
export interface LoyaltyStatus {
  currentLevel: { name: LoyaltyLevelName; exchangeRate: number; colour: string };
  nextLevel: { name: LoyaltyLevelName; exchangeRate: number; colour: string } | null;
  lifetimePoints: number;
  currentPoints: number;
  /** 0 at Platinum. */
  pointsToNextLevel: number;
  /** The current level's rate in pounds per point. */
  exchangeRate: number;
  /** spec 5: Pink cannot exchange. */
  canExchange: boolean;
}

/** A rate in pounds per point (Silver 0.0125). */
function poundsPerPoint(level: LoyaltyLevel): number {
  return level.rateCentipence / 10000;
}

function levelView(level: LoyaltyLevel) {
  return { name: level.name, exchangeRate: poundsPerPoint(level), colour: level.colour };
}

/** spec 3 Loyalty status from a member's points. */
export function loyaltyStatus(points: { lifetimePoints: number; currentPoints: number }): LoyaltyStatus {
  const current = levelFor(points.lifetimePoints);
  const next = nextLevelOf(current);
  return {
    currentLevel: levelView(current),
    nextLevel: next === null ? null : levelView(next),
    lifetimePoints: points.lifetimePoints,
    currentPoints: points.currentPoints,
    pointsToNextLevel: next === null ? 0 : Math.max(0, next.fromLifetimePoints - points.lifetimePoints),
    exchangeRate: poundsPerPoint(current),
    canExchange: current.rateCentipence > 0,
  };
}

/** What the exchange form tells a member before they choose (spec 5). */
export type ExchangeOffer =
  | { kind: 'pink'; pointsToNextLevel: number; nextLevel: LoyaltyLevelName }
  | { kind: 'none'; message: string }
  | { kind: 'open'; max: number; message: string };

/** spec 5: Pink sees the points needed for Bronze; 0 points: "You don't have enough points"; else the range. */
export function exchangeOffer(status: LoyaltyStatus): ExchangeOffer {
  if (!status.canExchange) {
    return { kind: 'pink', pointsToNextLevel: status.pointsToNextLevel, nextLevel: status.nextLevel?.name ?? 'Bronze' };
  }
  if (status.currentPoints <= 0) return { kind: 'none', message: MESSAGES.notEnoughPoints };
  return { kind: 'open', max: status.currentPoints, message: exchangeRangeMessage(status.currentPoints) };
}

/** One preview line: "1,000 points = £12.50 at Silver". */
export interface ExchangePreviewLine {
  level: LoyaltyLevelName;
  valueMinor: number;
  /** Pounds to 2 decimals (spec 5), e.g. "12.50". */
  pounds: string;
}

/**
 * spec 5: points times the level's rate in pounds to 2 decimals, and at Bronze, Silver and Gold
 * also at the next level's rate. Empty for Pink (nothing to preview).
 */
export function exchangePreview(points: number, lifetimePoints: number): ExchangePreviewLine[] {
  const current = levelFor(lifetimePoints);
  if (current.rateCentipence === 0 || points <= 0) return [];
  const levels = [current];
  const next = nextLevelOf(current);
  if (next !== null && ['Bronze', 'Silver', 'Gold'].includes(current.name)) levels.push(next);
  return levels.map((level) => {
    const valueMinor = exchangeValueMinor(points, level);
    return { level: level.name, valueMinor, pounds: (valueMinor / 100).toFixed(2) };
  });
}

/** Why an exchange of this many points is refused (the spec's words), or null when it may go ahead. */
export function exchangeRefusal(points: number, status: LoyaltyStatus): string | null {
  const offer = exchangeOffer(status);
  if (offer.kind === 'pink') {
    return `Exchanging points opens at ${offer.nextLevel}: ${offer.pointsToNextLevel} more points to go.`;
  }
  if (offer.kind === 'none') return offer.message;
  if (!Number.isInteger(points) || points < 1 || points > offer.max) return offer.message;
  return null;
}
