/**
 * spec 3 "bcor": the deal page's buying choice (which option, how many, how many nights), kept
 * in one store so the basket can read what the shopper chose. Actions beside it.
 * Beyond spec 3's fields the store keeps what the cap rule needs (deal cap, per-person pricing,
 * the logged-in user's max).
 */
import { computed, map } from 'nanostores';
import type { Money } from '@/contracts/deal';
import {
  clampQuantity,
  minimumQuantity,
  purchaseCap,
  type QuantityBounds,
  quantityBounds,
} from '@/domain/purchase-cap';

/** One option as the chooser needs it (a slice of DealProductDetail). */
export interface BcorProduct {
  id: number;
  title: string;
  price: Money;
  numberOfNights: number | null;
  checkInDate: string | null;
  checkOutDate: string | null;
  minPeople: number;
  purchaseCap: number | null;
  remainingForDay: number | null;
  isSoldOut: boolean;
  vipExclusive: boolean;
}

export interface BcorState {
  currentDealId: number | null;
  products: BcorProduct[];
  /** Distinct nights on offer, shortest first (travel deals); empty otherwise. */
  nightOptions: number[];
  selectedNights: number | null;
  /** The options for the selected nights (all options when nights do not apply). */
  filteredProducts: BcorProduct[];
  /** The chosen option's id. */
  selection: number | null;
  /** spec 3: default 1 (spec 5: at least 2 on per-person deals). */
  quantity: number;
  /** True when the last quantity asked for was outside what may be bought. */
  hasError: boolean;
  dealPurchaseCap: number | null;
  pricePerPerson: boolean;
  /** spec 5: a logged-in user's max quantity; null for guests. */
  userMaxQuantity: number | null;
  /** What the chosen check-in's nights and departure airport add per unit (travel deals). */
  stayExtraMinor: number;
}

export interface BcorInit {
  dealId: number;
  products: BcorProduct[];
  pricePerPerson: boolean;
  dealPurchaseCap: number | null;
  /** From /deal/{id}/{productId}. */
  selectedProductId?: number;
  /** A hotel deep link's guests on a per-person deal (spec 2 guests; kept within the bounds). */
  initialQuantity?: number;
}

const EMPTY: BcorState = {
  currentDealId: null,
  products: [],
  nightOptions: [],
  selectedNights: null,
  filteredProducts: [],
  selection: null,
  quantity: 1,
  hasError: false,
  dealPurchaseCap: null,
  pricePerPerson: false,
  userMaxQuantity: null,
  stayExtraMinor: 0,
};

export const $bcor = map<BcorState>({ ...EMPTY });

/** The option the state has selected, if any. */
export function selectedProduct(state: BcorState): BcorProduct | undefined {
  return state.products.find((p) => p.id === state.selection);
}

/** Quantities allowed for an option under spec 5's cap rule (guests have no user max). */
export function boundsFor(state: BcorState, product = selectedProduct(state)): QuantityBounds {
  if (!product) return { min: 1, max: 0, canBuy: false };
  const cap = purchaseCap({
    productCap: product.purchaseCap,
    dealCap: state.dealPurchaseCap,
    remainingForDay: product.remainingForDay,
    userMaxQuantity: state.userMaxQuantity ?? undefined,
  });
  return quantityBounds(state.pricePerPerson, product.minPeople, {
    ...cap,
    isSoldOut: cap.isSoldOut || product.isSoldOut,
  });
}

/** Guests cannot buy VIP-exclusive options; sold-out ones nobody can. */
function isChoosable(state: BcorState, product: BcorProduct): boolean {
  return !product.vipExclusive && boundsFor(state, product).canBuy;
}

function firstChoosable(state: BcorState, products: BcorProduct[]): BcorProduct | undefined {
  return products.find((p) => isChoosable(state, p)) ?? products.find((p) => !p.vipExclusive) ?? products[0];
}

/** The state after choosing an option: quantity kept when still allowed, else brought inside the bounds. */
function withSelection(state: BcorState, product: BcorProduct | undefined): BcorState {
  const next = { ...state, selection: product?.id ?? null, hasError: false };
  if (!product) return next;
  const bounds = boundsFor(next, product);
  return { ...next, quantity: bounds.canBuy ? clampQuantity(state.quantity, bounds) : bounds.min };
}

function productsForNights(products: BcorProduct[], nights: number | null): BcorProduct[] {
  return nights === null ? products : products.filter((p) => p.numberOfNights === nights);
}

/** The starting state for a deal (pure: the island also renders from it on the server). */
export function bcorStateFor(init: BcorInit): BcorState {
  const nightOptions = [
    ...new Set(init.products.map((p) => p.numberOfNights).filter((n): n is number => n !== null)),
  ].sort((a, b) => a - b);
  const base: BcorState = {
    ...EMPTY,
    currentDealId: init.dealId,
    products: init.products,
    nightOptions,
    dealPurchaseCap: init.dealPurchaseCap,
    pricePerPerson: init.pricePerPerson,
    quantity: 1,
  };
  // /deal/{id}/{productId} picks that option, unless a guest cannot buy it.
  const asked = init.products.find((p) => p.id === init.selectedProductId && isChoosable(base, p));
  const chosen = asked ?? firstChoosable(base, init.products);
  const selectedNights = chosen?.numberOfNights ?? nightOptions[0] ?? null;
  const filteredProducts = productsForNights(init.products, nightOptions.length > 0 ? selectedNights : null);
  const start = { ...base, selectedNights, filteredProducts };
  const least = minimumQuantity(init.pricePerPerson, chosen?.minPeople ?? 1);
  return withSelection({ ...start, quantity: Math.max(least, init.initialQuantity ?? least) }, chosen);
}

/** Starts the choice for a deal; a deal already loaded keeps the shopper's choice. */
export function initBcor(init: BcorInit): void {
  if ($bcor.get().currentDealId === init.dealId) return;
  $bcor.set(bcorStateFor(init));
}

/** Chooses an option of the current deal. */
export function selectProduct(productId: number): void {
  const state = $bcor.get();
  const product = state.filteredProducts.find((p) => p.id === productId);
  if (!product) return;
  $bcor.set(withSelection(state, product));
}

/** Chooses how many nights (travel deals); the option moves to one with those nights. */
export function selectNights(nights: number): void {
  const state = $bcor.get();
  if (!state.nightOptions.includes(nights)) return;
  const filteredProducts = productsForNights(state.products, nights);
  const current = filteredProducts.find((p) => p.id === state.selection);
  const next = { ...state, selectedNights: nights, filteredProducts };
  $bcor.set(withSelection(next, current ?? firstChoosable(next, filteredProducts)));
}

/** Sets how many; a quantity outside spec 5's bounds is brought inside and flagged. */
export function setQuantity(wanted: number): void {
  const state = $bcor.get();
  const bounds = boundsFor(state);
  if (!bounds.canBuy) return;
  const quantity = clampQuantity(wanted, bounds);
  $bcor.set({ ...state, quantity, hasError: quantity !== wanted });
}

/** spec 5: a logged-in user's max quantity (null for a guest); the quantity follows it. */
export function setUserMaxQuantity(max: number | null): void {
  const state = { ...$bcor.get(), userMaxQuantity: max };
  $bcor.set(withSelection(state, selectedProduct(state)));
}

/** The travel chooser says what the chosen stay and flight add per unit. */
export function setStayExtra(extraMinor: number): void {
  const state = $bcor.get();
  if (state.stayExtraMinor !== extraMinor) $bcor.set({ ...state, stayExtraMinor: extraMinor });
}

/** Forgets the choice (leaving the deal page in a client-side navigation, tests). */
export function resetBcor(): void {
  $bcor.set({ ...EMPTY });
}

/** The chosen option's quantity bounds, for the chooser's stepper. */
export const $bcorBounds = computed($bcor, (state) => boundsFor(state));
