/**
 * The basket service (decision 014) on embedded PGlite: spec 4 creation and merge rules, spec 5 quantity
 * bounds (caps, per-person at least 2, the signed-in user's max), refusals, pricing from the catalogue, and
 * spec 4 reconciliation at login.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricedBasketSchema } from '../../src/contracts/basket';
import {
  addToBasket,
  BasketError,
  createBasket,
  patchBasket,
  reconcileBasketAtLogin,
  removeBasketLine,
  replaceBasket,
  retrieveBasket,
  retrieveCustomerBasket,
  retrievePricedBasket,
  updateBasketLine,
} from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { basketLines, baskets, dealProductStock, userDealPurchases } from '../../src/server/db/schema';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BasketError) return error.code;
    throw error;
  }
  return 'accepted';
}

describe.each(embedded)('basket on $name', (engine) => {
  let database: Database;
  let base: { locationId: number; merchantId: number };
  const db = () => database.db;
  const quantities = async (token: string) =>
    Object.fromEntries((await retrieveBasket(db(), token))?.lines.map((l) => [l.dealProductId, l.quantity]) ?? []);

  beforeAll(async () => {
    database = await engine.open();
    base = await seedBasketCatalogue(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('spec 4: creates a basket with a 32-character url-safe token; new lines with zero quantity are dropped', async () => {
    const { productIds } = await addDeal(db(), base, {}, [{}, {}]);
    const [a = 0, b = 0] = productIds;
    const token = await createBasket(db(), {
      brand: 'tuppence',
      customerToken: null,
      eligibleForVip: false,
      products: [
        { dealProductId: a, quantity: 2 },
        { dealProductId: b, quantity: 0 },
      ],
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await quantities(token)).toEqual({ [a]: 2 });
  });

  it('spec 4: an existing line is updated (quantity replaced) and removed at zero quantity', async () => {
    const { productIds } = await addDeal(db(), base, {}, [{}, {}]);
    const [a = 0, b = 0] = productIds;
    const token = await createBasket(db(), { products: [{ dealProductId: a, quantity: 1 }] });
    await addToBasket(db(), token, { dealProductId: a, quantity: 3 });
    await addToBasket(db(), token, { dealProductId: b, quantity: 1 });
    expect(await quantities(token)).toEqual({ [a]: 3, [b]: 1 });
    await patchBasket(db(), token, { products: [{ dealProductId: a, quantity: 0 }] });
    expect(await quantities(token)).toEqual({ [b]: 1 });
  });

  it('spec 5: quantities stay inside the product cap, deal cap and what remains today', async () => {
    const capped = await addDeal(db(), base, { purchaseCap: 4 }, [
      { product: { purchaseCap: 3 } },
      // A daily allowance of 5 with 2 left today.
      {
        stock: {
          quantityRemaining: 10,
          dailyLimit: 5,
          remainingForDay: 2,
          stockDay: new Date().toISOString().slice(0, 10),
        },
      },
      {},
    ]);
    const [productCap = 0, dayCap = 0, dealCap = 0] = capped.productIds;
    const token = await createBasket(db(), {
      products: [productCap, dayCap, dealCap].map((id) => ({ dealProductId: id, quantity: 9 })),
    });
    expect(await quantities(token)).toEqual({ [productCap]: 3, [dayCap]: 2, [dealCap]: 4 });
  });

  it('spec 5: a per-person-priced deal always has at least 2 people', async () => {
    const { productIds } = await addDeal(db(), base, { pricePerPerson: true }, [{}]);
    const [id = 0] = productIds;
    const token = await createBasket(db(), { products: [{ dealProductId: id, quantity: 1 }] });
    expect(await quantities(token)).toEqual({ [id]: 2 });
    const priced = await retrievePricedBasket(db(), token);
    expect(priced?.lines[0]?.bounds).toEqual({ min: 2, max: null });
  });

  it("spec 5: a signed-in customer's basket is bounded by the deal's max per user less what they bought", async () => {
    const shopper = await addShopper(db());
    const { dealId, productIds } = await addDeal(db(), base, { maxPerUser: 4 }, [{}]);
    const [id = 0] = productIds;
    await db().insert(userDealPurchases).values({ userId: shopper.id, dealId, quantity: 3 });
    const token = await createBasket(db(), {
      customerToken: shopper.customerToken,
      products: [{ dealProductId: id, quantity: 5 }],
    });
    expect(await quantities(token)).toEqual({ [id]: 1 });
    // A guest is not bounded by anyone's purchases.
    const guest = await createBasket(db(), { products: [{ dealProductId: id, quantity: 5 }] });
    expect(await quantities(guest)).toEqual({ [id]: 5 });
    // spec 5: sold out for the user when their max is used up.
    await db().update(userDealPurchases).set({ quantity: 4 });
    expect(await refusal(addToBasket(db(), token, { dealProductId: id, quantity: 1 }))).toBe('soldOut');
  });

  it('refuses unknown, ended, disabled, sold-out and (for non-VIPs) VIP-only options', async () => {
    const open = await addDeal(db(), base, {}, [
      { product: { disabled: true } },
      { stock: { quantityRemaining: 0 } },
      { product: { vipExclusive: true } },
    ]);
    const [disabled = 0, soldOut = 0, vip = 0] = open.productIds;
    const ended = await addDeal(db(), base, { status: 'closed' }, [{}]);
    const token = await createBasket(db(), { products: [] });
    const add = (id: number, t = token) => refusal(addToBasket(db(), t, { dealProductId: id, quantity: 1 }));
    expect(await add(123_456_789)).toBe('unknownProduct');
    expect(await add(ended.productIds[0] ?? 0)).toBe('dealEnded');
    expect(await add(disabled)).toBe('productDisabled');
    expect(await add(soldOut)).toBe('soldOut');
    expect(await add(vip)).toBe('vipOnly');
    expect(await quantities(token)).toEqual({});
    const vipBasket = await createBasket(db(), { eligibleForVip: true, products: [] });
    expect(await add(vip, vipBasket)).toBe('accepted');
  });

  it('prices the basket from the catalogue on every read; an unavailable line is shown but not totalled', async () => {
    const { productIds } = await addDeal(db(), base, {}, [
      { product: { priceMinor: 1999, originalPriceMinor: 4000, postagePriceMinor: 295 } },
      { product: { priceMinor: 1000 }, stock: { quantityRemaining: 5 } },
    ]);
    const [posted = 0, stocked = 0] = productIds;
    const token = await createBasket(db(), {
      products: [
        { dealProductId: posted, quantity: 2 },
        { dealProductId: stocked, quantity: 1 },
      ],
    });
    const priced = PricedBasketSchema.parse(await retrievePricedBasket(db(), token));
    expect(priced.visibleQuantity).toBe(2); // spec 5: lines, not units
    expect(priced.subtotal).toEqual({ amountMinor: 2 * 1999 + 1000, currency: 'GBP' });
    expect(priced.postage).toEqual({ amountMinor: 2 * 295, currency: 'GBP' });
    expect(priced.total.amountMinor).toBe(2 * 1999 + 1000 + 2 * 295);

    await db().update(dealProductStock).set({ quantityRemaining: 0 }).where(eq(dealProductStock.productId, stocked));
    const later = await retrievePricedBasket(db(), token);
    const line = later?.lines.find((l) => l.dealProductId === stocked);
    expect(line).toMatchObject({ isAvailable: false, unavailableReason: 'SOLD OUT' });
    expect(later?.total.amountMinor).toBe(2 * 1999 + 2 * 295);
  });

  it('updates a line partially, removes it at zero or on delete, and refuses lines of other baskets', async () => {
    const { productIds } = await addDeal(db(), base, {}, [{ product: { purchaseCap: 5 } }, {}]);
    const [a = 0, b = 0] = productIds;
    const token = await createBasket(db(), {
      products: [
        { dealProductId: a, quantity: 1 },
        { dealProductId: b, quantity: 1 },
      ],
    });
    const other = await createBasket(db(), { products: [{ dealProductId: a, quantity: 1 }] });
    const lines = (await retrieveBasket(db(), token))?.lines ?? [];
    const lineA = lines.find((l) => l.dealProductId === a)?.id ?? 0;
    const lineB = lines.find((l) => l.dealProductId === b)?.id ?? 0;
    await updateBasketLine(db(), token, lineA, { quantity: 9, gift: true });
    const updated = (await retrieveBasket(db(), token))?.lines.find((l) => l.id === lineA);
    expect(updated).toMatchObject({ quantity: 5, gift: true });
    expect(await refusal(updateBasketLine(db(), other, lineA, { quantity: 2 }))).toBe('lineNotFound');
    await updateBasketLine(db(), token, lineA, { quantity: 0 });
    await removeBasketLine(db(), token, lineB);
    expect(await quantities(token)).toEqual({});
    expect(await refusal(removeBasketLine(db(), token, lineB))).toBe('lineNotFound');
  });

  it('PUT replaces the lines exactly; a basket owned by one customer is never handed to another', async () => {
    const owner = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{}, {}]);
    const [a = 0, b = 0] = productIds;
    const token = await createBasket(db(), {
      customerToken: owner.customerToken,
      products: [{ dealProductId: a, quantity: 1 }],
    });
    await replaceBasket(db(), token, {
      customerToken: owner.customerToken,
      products: [{ dealProductId: b, quantity: 2 }],
    });
    expect(await quantities(token)).toEqual({ [b]: 2 });
    const thief = await addShopper(db());
    expect(await refusal(replaceBasket(db(), token, { customerToken: thief.customerToken, products: [] }))).toBe(
      'basketOwned',
    );
  });

  it('an ordered basket is treated as absent: not retrieved, not added to', async () => {
    const shopper = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{}]);
    const token = await createBasket(db(), {
      customerToken: shopper.customerToken,
      products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }],
    });
    await db().update(baskets).set({ status: 'ordered' }).where(eq(baskets.id, token));
    expect(await retrieveBasket(db(), token)).toBeNull();
    expect(await retrievePricedBasket(db(), token)).toBeNull();
    expect(await retrieveCustomerBasket(db(), shopper.customerToken)).toBeNull();
    expect(await refusal(addToBasket(db(), token, { dealProductId: productIds[0] ?? 0, quantity: 1 }))).toBe(
      'basketNotFound',
    );
    expect(await refusal(addToBasket(db(), 'short', { dealProductId: 1, quantity: 1 }))).toBe('noBasketToken');
  });

  it("spec 4 reconciliation: at login a guest basket merges into the customer's basket, whose token is kept", async () => {
    const shopper = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{}, {}, { stock: { quantityRemaining: 0 } }]);
    const [kept = 0, fromGuest = 0] = productIds;
    const owned = await createBasket(db(), {
      customerToken: shopper.customerToken,
      products: [{ dealProductId: kept, quantity: 1 }],
    });
    const guest = await createBasket(db(), { products: [{ dealProductId: fromGuest, quantity: 2 }] });
    const token = await reconcileBasketAtLogin(db(), { cookieToken: guest, user: shopper });
    expect(token).toBe(owned);
    expect(await quantities(owned)).toEqual({ [kept]: 1, [fromGuest]: 2 });
    expect(await retrieveBasket(db(), guest)).toBeNull();
  });

  it('spec 4 reconciliation: a customer without a basket gets the guest basket patched with their token', async () => {
    const shopper = await addShopper(db(), { isVip: true });
    const { productIds } = await addDeal(db(), base, {}, [{}]);
    const guest = await createBasket(db(), { products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }] });
    expect(await reconcileBasketAtLogin(db(), { cookieToken: guest, user: shopper })).toBe(guest);
    const basket = await retrieveCustomerBasket(db(), shopper.customerToken);
    expect(basket).toMatchObject({ id: guest, customerToken: shopper.customerToken, eligibleForVip: true });
  });

  it("reconciliation never takes over another customer's basket, and a shopper with nothing keeps nothing", async () => {
    const owner = await addShopper(db());
    const other = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{}]);
    const owners = await createBasket(db(), {
      customerToken: owner.customerToken,
      products: [{ dealProductId: productIds[0] ?? 0, quantity: 1 }],
    });
    expect(await reconcileBasketAtLogin(db(), { cookieToken: owners, user: other })).toBeNull();
    expect((await retrieveBasket(db(), owners))?.customerToken).toBe(owner.customerToken);
    expect(await reconcileBasketAtLogin(db(), { cookieToken: undefined, user: other })).toBeNull();
    const lines = await db().select().from(basketLines).where(eq(basketLines.basketId, owners));
    expect(lines).toHaveLength(1);
  });
});
