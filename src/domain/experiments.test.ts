/** spec 4 "Test variants" (table-driven): each rule, and a variant chosen once and kept. */
import { describe, expect, it } from 'vitest';
import {
  assignedVariant,
  assignVariant,
  characterVariant,
  drawVariant,
  EXPERIMENT_NAMES,
  EXPERIMENTS,
  experimentsShapingPage,
  isFeatureOn,
  valuesOf,
  variantExpiry,
} from './experiments';

describe('spec 4: a first or second character B or C selects the variant', () => {
  it.each([
    ['BB', 0, 'B'],
    ['AB', 0, 'A'],
    ['AB', 1, 'B'],
    ['ac', 1, 'C'],
    ['CA', 0, 'C'],
    ['AA', 1, 'A'],
    ['', 0, 'A'],
    [null, 1, 'A'],
  ] as const)('%s at %i → %s', (value, position, variant) => {
    expect(characterVariant(value, position)).toBe(variant);
  });
});

describe('spec 4: feature cookies with the value b turn the feature on', () => {
  it.each([
    ['b', true],
    ['B', false],
    ['a', false],
    ['bb', false],
    [undefined, false],
  ])('%s → %s', (value, on) => {
    expect(isFeatureOn(value)).toBe(on);
  });

  it('passwordless checkout, booking calendar gift and reviews are b-valued feature cookies', () => {
    for (const name of ['passwordlessCheckout', 'bookingCalendarGift', 'reviews'] as const) {
      expect(valuesOf(EXPERIMENTS[name])).toContain('b');
    }
  });
});

describe('spec 4: draws', () => {
  it.each([
    ['abGroup', 0, 'AA'],
    ['abGroup', 0.3299, 'AA'],
    ['abGroup', 0.33, 'BB'],
    ['abGroup', 0.999, 'BB'],
    ['autocomplete', 0, 'a'],
    ['autocomplete', 0.5, 'b'],
    ['autocomplete', 0.9, 'c'],
    ['dynamicPrice', 0.34, 'b'],
    ['search', 0.6, 'alternate'],
  ] as const)('%s with %f → %s', (name, random, value) => {
    expect(drawVariant(EXPERIMENTS[name], random)).toBe(value);
  });

  it('AA/BB is AA about a third of the time over an even spread of draws', () => {
    const draws = Array.from({ length: 1000 }, (_, i) => drawVariant(EXPERIMENTS.abGroup, i / 1000));
    expect(draws.filter((value) => value === 'AA')).toHaveLength(330);
  });

  it('autocomplete and dynamic price are a, b or c', () => {
    expect(valuesOf(EXPERIMENTS.autocomplete)).toEqual(['a', 'b', 'c']);
    expect(valuesOf(EXPERIMENTS.dynamicPrice)).toEqual(['a', 'b', 'c']);
  });
});

describe('a variant is chosen once and kept', () => {
  it.each(EXPERIMENT_NAMES)('%s keeps a valid cookie and redraws an unknown one', (name) => {
    const definition = EXPERIMENTS[name];
    const kept = valuesOf(definition)[0] ?? '';
    expect(assignVariant(definition, kept, () => 0.99)).toEqual({ value: kept, isNew: false });
    const fresh = assignVariant(definition, 'zz', () => 0);
    expect(fresh.isNew).toBe(true);
    expect(valuesOf(definition)).toContain(fresh.value);
  });
});

describe('spec 9 lifetimes', () => {
  it('test values live 365 days', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(variantExpiry(EXPERIMENTS.autocomplete, now).toISOString()).toBe('2027-03-01T10:00:00.000Z');
  });

  it('the dynamic price variant expires at the end of the day UTC', () => {
    const now = new Date('2026-03-01T23:59:00Z');
    expect(variantExpiry(EXPERIMENTS.dynamicPrice, now).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('the pages an experiment shapes key their shared cache on it (decision 058)', () => {
  it.each([
    ['/search', ['search']],
    ['/deal/123', ['reviews', 'dynamicPrice']],
    ['/deal/123/456', ['reviews', 'dynamicPrice']],
    ['/deals/london', []],
    ['/', []],
  ] as const)('%s: %j', (path, names) => {
    expect(experimentsShapingPage(path)).toEqual(names);
  });

  it('only a value the experiment holds is an assigned variant', () => {
    expect(assignedVariant('reviews', 'b')).toBe('b');
    expect(assignedVariant('reviews', 'c')).toBeNull();
    expect(assignedVariant('search', 'alternate')).toBe('alternate');
    expect(assignedVariant('search', undefined)).toBeNull();
  });
});
