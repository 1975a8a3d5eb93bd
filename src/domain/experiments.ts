/**
 * spec 4 "Test variants", in one typed table:
 * - a cookie's first or second character B or C selects a variant (else the control, A);
 * - feature cookies with the value b turn on passwordless checkout, the booking calendar gift and
 *   reviews;
 * - the autocomplete variant is a, b or c; the dynamic price variant is a, b or c at random and
 *   expires at the end of the day UTC (spec 9);
 * - the AA/BB group is AA with a 33% chance, else BB;
 * - the search may use an alternate variant chosen by a cookie experiment.
 * A variant is chosen once and kept: a valid cookie is never re-drawn. spec 9: test values live
 * 365 days, as does the A/B group. Pure; randomness and the clock are passed in.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** spec 9: test values and the A/B group live 365 days. */
export const VARIANT_LIFETIME_DAYS = 365;

/** How an experiment draws and reads its cookie. */
type Draw =
  | { kind: 'weighted'; values: ReadonlyArray<readonly [string, number]> }
  | { kind: 'uniform'; values: readonly string[] };

export interface ExperimentDefinition {
  cookie: string;
  draw: Draw;
  /** 'year': 365 days; 'end-of-day-utc': until the next UTC midnight. */
  lifetime: 'year' | 'end-of-day-utc';
}

export const EXPERIMENTS = {
  /** spec 4: AA with a 33% chance, else BB. Its characters feed `characterVariant`. */
  abGroup: {
    cookie: 'ab_group',
    draw: {
      kind: 'weighted',
      values: [
        ['AA', 0.33],
        ['BB', 0.67],
      ],
    },
    lifetime: 'year',
  },
  autocomplete: {
    cookie: 'autocomplete_variant',
    draw: { kind: 'uniform', values: ['a', 'b', 'c'] },
    lifetime: 'year',
  },
  dynamicPrice: {
    cookie: 'dynamic_price',
    draw: { kind: 'uniform', values: ['a', 'b', 'c'] },
    lifetime: 'end-of-day-utc',
  },
  /** spec 4: the search's alternate variant, chosen by a cookie experiment. */
  search: { cookie: 'search_variant', draw: { kind: 'uniform', values: ['default', 'alternate'] }, lifetime: 'year' },
  passwordlessCheckout: {
    cookie: 'passwordless_checkout',
    draw: { kind: 'uniform', values: ['a', 'b'] },
    lifetime: 'year',
  },
  bookingCalendarGift: {
    cookie: 'booking_calendar_gift',
    draw: { kind: 'uniform', values: ['a', 'b'] },
    lifetime: 'year',
  },
  reviews: { cookie: 'reviews_variant', draw: { kind: 'uniform', values: ['a', 'b'] }, lifetime: 'year' },
} as const satisfies Record<string, ExperimentDefinition>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export const EXPERIMENT_NAMES = Object.keys(EXPERIMENTS) as ExperimentName[];

/** The values an experiment can hold. */
export function valuesOf(definition: ExperimentDefinition): readonly string[] {
  return definition.draw.kind === 'weighted' ? definition.draw.values.map(([value]) => value) : definition.draw.values;
}

/** Draws a value; `random` is in [0, 1). */
export function drawVariant(definition: ExperimentDefinition, random: number): string {
  const values = valuesOf(definition);
  if (definition.draw.kind === 'uniform') {
    return values[Math.min(values.length - 1, Math.floor(random * values.length))] ?? values[0] ?? '';
  }
  let threshold = 0;
  for (const [value, weight] of definition.draw.values) {
    threshold += weight;
    if (random < threshold) return value;
  }
  return values[values.length - 1] ?? '';
}

/** When the cookie expires if set at `now`. */
export function variantExpiry(definition: ExperimentDefinition, now: Date): Date {
  if (definition.lifetime === 'end-of-day-utc') {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  }
  return new Date(now.getTime() + VARIANT_LIFETIME_DAYS * DAY_MS);
}

/**
 * A variant is chosen once and kept: the existing cookie wins when it holds a known value;
 * otherwise one is drawn and must be written (`isNew`).
 */
export function assignVariant(
  definition: ExperimentDefinition,
  existing: string | null | undefined,
  random: () => number,
): { value: string; isNew: boolean } {
  if (existing && valuesOf(definition).includes(existing)) return { value: existing, isNew: false };
  return { value: drawVariant(definition, random()), isNew: true };
}

/** spec 4: the first or second character B or C selects that variant; anything else is A. */
export function characterVariant(value: string | null | undefined, position: 0 | 1): 'A' | 'B' | 'C' {
  const character = (value ?? '').charAt(position).toUpperCase();
  return character === 'B' || character === 'C' ? character : 'A';
}

/** spec 4: a feature cookie turns its feature on with the value b (and only b). */
export function isFeatureOn(value: string | null | undefined): boolean {
  return value === 'b';
}

/**
 * The visitor's valid variant of an experiment, or null while none is assigned (no cookie, or a value
 * the experiment does not hold). An unassigned visitor sees the control and is never counted as
 * exposed (decision 058).
 */
export function assignedVariant(name: ExperimentName, cookieValue: string | null | undefined): string | null {
  return cookieValue && valuesOf(EXPERIMENTS[name]).includes(cookieValue) ? cookieValue : null;
}

/**
 * The experiments whose variant changes a shared (route-cached) page's HTML, by path (decision 058):
 * the search page's ranking, the deal page's reviews summary and prices. Their valid values join the
 * page's cache key, so one variant's page is never served to another.
 */
export function experimentsShapingPage(pathname: string): readonly ExperimentName[] {
  if (pathname === '/search' || pathname === '/search/') return ['search'];
  if (pathname.startsWith('/deal/')) return ['reviews', 'dynamicPrice'];
  return [];
}
