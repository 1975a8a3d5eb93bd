/** spec 2: hyperlocal hub pages get a fixed "near you" title; other hyperlocal pages a title from the slug. */
import { describe, expect, it } from 'vitest';
import { hyperlocalPhrases, hyperlocalTitle, isHyperlocalSlug, NEAR_ME_HUB, slugify } from './near-me';

describe('hyperlocalTitle (spec 2: a title built from the path slug)', () => {
  it.each([
    ['spa-days', 'Spa Days Near Me'],
    ['afternoon-tea', 'Afternoon Tea Near Me'],
    ['escape-rooms', 'Escape Rooms Near Me'],
    ['golf', 'Golf Near Me'],
  ])('%s -> %s', (slug, title) => {
    expect(hyperlocalTitle(slug)).toBe(title);
  });

  it('the hub title is the fixed "near you" title', () => {
    expect(NEAR_ME_HUB.title).toBe('Deals near you');
    expect(NEAR_ME_HUB.description).toContain('near you');
  });
});

describe('isHyperlocalSlug', () => {
  it.each([
    ['spa-days', true],
    ['afternoon-tea', true],
    ['golf', true],
    ['Spa-Days', false],
    ['spa--days', false],
    ['-spa', false],
    ['spa_days', false],
    ['a'.repeat(61), false],
  ])('%s -> %s', (slug, expected) => {
    expect(isHyperlocalSlug(slug)).toBe(expected);
  });
});

describe('hyperlocalPhrases', () => {
  it.each([
    ['spa-days', ['spa days', 'spa day']],
    ['afternoon-tea', ['afternoon tea']],
    ['fitness-classes', ['fitness classes', 'fitness classe']],
    ['glass', ['glass']],
  ])('%s -> %j', (slug, phrases) => {
    expect(hyperlocalPhrases(slug)).toEqual(phrases);
  });
});

describe('slugify', () => {
  it.each([
    ['Spa Days', 'spa-days'],
    ['Lashes & Brows', 'lashes-brows'],
    ['Food & Drink', 'food-drink'],
  ])('%s -> %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});
