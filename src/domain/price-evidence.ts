/**
 * Savings claims with evidence (decision 024). UK advertising rules (the CAP Code and the
 * CMA's pricing guidance) ask that a "was" price be one genuinely charged or charged elsewhere,
 * recently. Here an option's original price carries its evidence: where it comes from, when it was
 * last checked and by whom. Without current evidence the option shows no saving: its price display
 * mode falls back to "show price" (spec 3), automatically. Pure: the catalogue reads the rows.
 */
/** spec 3 price display modes, as the contracts spell them. */
export type PriceDisplayModeName =
  | 'hidden'
  | 'show-discount'
  | 'show-discount-indicative'
  | 'show-original-price'
  | 'show-price'
  | 'show-vip-discount-price';

/** Evidence older than this many days no longer supports a saving (docs/decisions/024). */
export const EVIDENCE_MAX_AGE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type EvidenceSource = 'merchant_price_list' | 'retailer';

export interface PriceEvidence {
  source: EvidenceSource;
  sourceName: string;
  referencePriceMinor: number;
  checkedAt: Date;
  checkedByName: string;
}

/** The moment before which a check is too old to support a saving. */
export function evidenceCutoff(now: Date): Date {
  return new Date(now.getTime() - EVIDENCE_MAX_AGE_DAYS * DAY_MS);
}

/** The last moment this evidence supports a saving. */
export function evidenceLapsesAt(evidence: Pick<PriceEvidence, 'checkedAt'>): Date {
  return new Date(evidence.checkedAt.getTime() + EVIDENCE_MAX_AGE_DAYS * DAY_MS);
}

/**
 * Whether the evidence supports showing this original price now: checked within the last
 * EVIDENCE_MAX_AGE_DAYS days, and for this very price (a raised original price needs new evidence).
 */
export function isEvidenceCurrent(
  evidence: Pick<PriceEvidence, 'checkedAt' | 'referencePriceMinor'> | null,
  originalPriceMinor: number,
  now: Date,
): boolean {
  if (evidence === null) return false;
  if (evidence.referencePriceMinor !== originalPriceMinor) return false;
  return (
    evidence.checkedAt.getTime() > evidenceCutoff(now).getTime() &&
    evidence.checkedAt.getTime() <= now.getTime() + DAY_MS
  );
}

/** Modes that show a saving or an original price (spec 3 "Price display modes"). */
const SAVING_MODES: ReadonlySet<PriceDisplayModeName> = new Set([
  'show-discount',
  'show-discount-indicative',
  'show-original-price',
  'show-vip-discount-price',
]);

/**
 * The mode a deal is shown in: its own when its savings are evidenced, else "show price" (spec 3),
 * which shows the price with no original price and no saving. "hidden" stays hidden.
 */
export function evidencedDisplayMode(mode: PriceDisplayModeName, isEvidenced: boolean): PriceDisplayModeName {
  return !isEvidenced && SAVING_MODES.has(mode) ? 'show-price' : mode;
}

/** The plain words beside a saving: "Was £80.00 at Harvey Nichols, checked 3 March 2027 by Ana (merchant)." */
export function describeEvidence(evidence: PriceEvidence, formatted: { was: string; checkedOn: string }): string {
  const where =
    evidence.source === 'retailer' ? `the price at ${evidence.sourceName}` : `${evidence.sourceName}'s own price list`;
  return `The original price of ${formatted.was} is ${where}, checked on ${formatted.checkedOn} by ${evidence.checkedByName}.`;
}

/** "Up to N%": the largest saving among deals whose savings are evidenced; 0 when there are none. */
export function upToPercent(savings: readonly { discountPercentage: number; isEvidenced: boolean }[]): number {
  return savings.reduce((max, deal) => (deal.isEvidenced ? Math.max(max, deal.discountPercentage) : max), 0);
}

/** "up to 62%" for a measured ceiling, or null when no evidenced saving is on sale (then claim nothing). */
export function upToClaim(percent: number): string | null {
  return percent > 0 ? `up to ${Math.floor(percent)}%` : null;
}
