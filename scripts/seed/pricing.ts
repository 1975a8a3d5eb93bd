/**
 * Shop-window prices for seed products: prices end the way UK retailers end them
 * (£24, £24.99, £24.50), was-prices are whole pounds, and discounts stay within the
 * "up to 80%" that spec 1's marketing copy promises.
 */
import type { Random } from './random';

/** spec 1: savings of up to 80%. */
export const MAX_DISCOUNT_PERCENT = 80;

/** A price in pence with a retail ending; big tickets are whole pounds. */
export function retailPrice(rng: Random, pence: number): number {
  const pounds = Math.max(1, Math.round(pence / 100));
  if (pounds >= 100) return pounds * 100;
  const ending = rng.weighted([
    ['whole', 5],
    ['99', 4],
    ['50', 1],
  ] as const);
  if (ending === '99') return pounds * 100 - 1;
  if (ending === '50') return Math.max(50, pounds * 100 - 50);
  return pounds * 100;
}

/** spec 3 discountPercentage: how much cheaper than the was-price, rounded to a whole percent. */
export function discountPercentage(priceMinor: number, originalPriceMinor: number): number {
  if (originalPriceMinor <= 0) return 0;
  return Math.round(((originalPriceMinor - priceMinor) / originalPriceMinor) * 100);
}

/** A whole-pound was-price that gives roughly the wanted discount, never above the cap. */
export function originalPriceFor(priceMinor: number, wantedDiscount: number): number {
  const discount = Math.min(MAX_DISCOUNT_PERCENT, Math.max(5, wantedDiscount));
  let original = Math.round(priceMinor / (1 - discount / 100) / 100) * 100;
  if (original <= priceMinor) original = (Math.floor(priceMinor / 100) + 1) * 100;
  while (discountPercentage(priceMinor, original) > MAX_DISCOUNT_PERCENT) original -= 100;
  return original;
}
