/**
 * Payment eligibility (decision 016) on embedded PGlite: the checkout offers what spec 5 allows for the
 * basket in the database (its deals' sub-categories and fraud flags, the order total, the shopper),
 * with the pay-later providers' own limits from the sandbox; and an operator's price change reaches the
 * checkout.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCheckoutParams } from '../../src/domain/checkout';
import { createBasket } from '../../src/server/basket';
import { UnknownProduct, updateDeal } from '../../src/server/catalog';
import { loadCheckout } from '../../src/server/checkout';
import { readServerConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { categories, dealProducts, deals } from '../../src/server/db/schema';
import { forgetClearpayConfiguration } from '../../src/server/payments/clearpay';
import { sandboxProviders } from '../fixtures/sandbox-gateway';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';

describe.each(embedded)('payment options on $name', (engine) => {
  let database: Database;
  let base: { locationId: number; merchantId: number };
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    base = await seedBasketCatalogue(db());
    // spec 5 names these sub-categories by id.
    await db()
      .insert(categories)
      .values([
        { id: 14, shortName: 'electronics', name: 'Electronics', parentId: 1 },
        { id: 197, shortName: 'aesthetics', name: 'Aesthetics', parentId: 1 },
        { id: 218, shortName: 'clinics', name: 'Clinics', parentId: 1 },
      ]);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  async function checkoutFor(
    deal: Partial<typeof deals.$inferInsert>,
    priceMinor: number,
    options: { env?: NodeJS.ProcessEnv; signedIn?: boolean; quantity?: number } = {},
  ) {
    const { productIds } = await addDeal(db(), base, deal, [{ product: { priceMinor } }]);
    const user = options.signedIn ? await addShopper(db()) : null;
    const token = await createBasket(db(), {
      products: [{ dealProductId: productIds[0] ?? 0, quantity: options.quantity ?? 1 }],
    });
    return loadCheckout(
      db(),
      { basketToken: token, user, params: parseCheckoutParams(new URLSearchParams()), now: new Date() },
      // The providers reach the sandbox gateway on this file's database (decision 020: over its HTTP API).
      {
        payments: readServerConfig(options.env ?? {}).payments,
        providers: sandboxProviders(db(), { env: options.env ?? {} }),
      },
    );
  }

  it('spec 5: a guest 30 pound basket may use every option (the browser narrows the wallets)', async () => {
    const view = await checkoutFor({}, 30_00);
    expect(view.userInfo.paymentOptions.eligibleOptions).toEqual([
      'credit_card',
      'paypal',
      'paypal_credit',
      'apple_pay',
      'google_pay',
      'klarna',
      'clearpay',
    ]);
    expect(view.userInfo.paymentOptions.paymentInstruments).toEqual([]);
    expect(view.userInfo.paymentOptions.withheld).toEqual([]);
  });

  it('spec 5: a guest basket over 1,000 pounds offers no pay-later, and says why', async () => {
    const view = await checkoutFor({}, 600_00, { quantity: 2 });
    expect(view.orderSummary.totalOrderAmount).toBe(1200_00);
    expect(view.userInfo.paymentOptions.eligibleOptions).not.toContain('klarna');
    expect(view.userInfo.paymentOptions.eligibleOptions).not.toContain('clearpay');
    expect(view.userInfo.paymentOptions.withheld.map((w) => w.reason)).toEqual([
      'guestAmountOutsideWindow',
      'guestAmountOutsideWindow',
    ]);
  });

  it('spec 6: a signed-in shopper gets a NEW instrument of each type, and keeps Klarna at 1,200 pounds', async () => {
    const view = await checkoutFor({}, 1200_00, { signedIn: true });
    const instruments = view.userInfo.paymentOptions.paymentInstruments;
    expect(instruments.map((i) => `${i.mode}:${i.type}:${i.gateway}`)).toEqual([
      'NEW:card:BRAINTREE',
      'NEW:paypal:BRAINTREE',
      'NEW:apple:BRAINTREE',
      'NEW:google:BRAINTREE',
      'NEW:klarna:KLARNA',
      'NEW:clearpay:CLEARPAY',
    ]);
    expect(view.userInfo.paymentOptions.eligibleOptions).toContain('klarna');
    expect(view.userInfo.paymentOptions.eligibleOptions).toContain('clearpay');
  });

  it('spec 5: sub-category 14 over 50 pounds loses pay-later and PayPal Credit; under 50 keeps them', async () => {
    const over = await checkoutFor({ subCategoryId: 14 }, 50_00);
    expect(over.userInfo.paymentOptions.eligibleOptions).toEqual(['credit_card', 'paypal', 'apple_pay', 'google_pay']);
    const under = await checkoutFor({ subCategoryId: 14 }, 49_99);
    expect(under.userInfo.paymentOptions.eligibleOptions).toContain('klarna');
  });

  it('spec 5: a product flagged high fraud risk loses pay-later at any amount', async () => {
    const view = await checkoutFor({ highFraudRisk: true }, 10_00);
    expect(view.userInfo.paymentOptions.eligibleOptions).toEqual(['credit_card', 'paypal', 'apple_pay', 'google_pay']);
  });

  it('spec 5: sub-category 218 blocks pay-later; 197 only under the stricter switch', async () => {
    const clinic = await checkoutFor({ subCategoryId: 218 }, 30_00);
    expect(clinic.userInfo.paymentOptions.eligibleOptions).not.toContain('klarna');
    expect(clinic.userInfo.paymentOptions.eligibleOptions).toContain('paypal_credit');
    const relaxed = await checkoutFor({ subCategoryId: 197 }, 30_00);
    expect(relaxed.userInfo.paymentOptions.eligibleOptions).toContain('klarna');
    const strict = await checkoutFor({ subCategoryId: 197 }, 30_00, {
      env: { PAY_LATER_STRICT_SUBCATEGORIES: 'true' },
    });
    expect(strict.userInfo.paymentOptions.eligibleOptions).not.toContain('klarna');
    expect(strict.userInfo.paymentOptions.eligibleOptions).not.toContain('clearpay');
  });

  it('spec 5: Clearpay is withheld when its configuration call cannot be made', async () => {
    // Limits already fetched are trusted for 15 minutes; this checkout is the first to ask.
    forgetClearpayConfiguration();
    const view = await checkoutFor({}, 30_00, { env: { PAYMENTS_FAULT: 'unreachable' } });
    expect(view.userInfo.paymentOptions.eligibleOptions).toContain('credit_card');
    expect(view.userInfo.paymentOptions.eligibleOptions).not.toContain('clearpay');
    expect(view.userInfo.paymentOptions.withheld).toContainEqual(
      expect.objectContaining({ option: 'clearpay', reason: 'providerUnavailable' }),
    );
  });

  it("an operator's price change moves the option and the deal's from price, in one transaction", async () => {
    const { dealId, productIds } = await addDeal(db(), base, {}, [
      { product: { priceMinor: 40_00 } },
      { product: { priceMinor: 45_00 } },
    ]);
    const [first, second] = productIds;
    if (first === undefined || second === undefined) throw new Error('fixture lost its options');
    await updateDeal(db(), dealId, { products: [{ id: first, priceMinor: 500_101 }] });
    const [priced] = await db().select().from(dealProducts).where(eq(dealProducts.id, first));
    expect(priced?.priceMinor).toBe(500_101);
    const [deal] = await db().select().from(deals).where(eq(deals.id, dealId));
    expect(deal?.fromPriceMinor).toBe(45_00);

    // An option of another deal: refused, and the valid change beside it is not applied either.
    await expect(
      updateDeal(db(), dealId, {
        products: [
          { id: second, priceMinor: 1_00 },
          { id: 1, priceMinor: 1_00 },
        ],
      }),
    ).rejects.toBeInstanceOf(UnknownProduct);
    const [unchanged] = await db().select().from(dealProducts).where(eq(dealProducts.id, second));
    expect(unchanged?.priceMinor).toBe(45_00);
  });
});
