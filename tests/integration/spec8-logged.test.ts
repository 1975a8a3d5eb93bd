/**
 * spec 8 "Internal or logged" on embedded PGlite: what the shop writes to its log, never to the
 * shopper, when a basket cannot be made, when the basket cookie and the kept basket differ at
 * sign-in (both tokens, as pseudonyms: decision 025), and when the menu cannot load
 * (docs/decisions/060).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BASKET_TOKEN_COOKIE } from '../../src/domain/basket';
import { createBasket } from '../../src/server/basket';
import { clearCatalogueCaches, retrieveHeaderData } from '../../src/server/catalog';
import type { Db } from '../../src/server/db';
import type { Database } from '../../src/server/db/client';
import mergeBasket from '../../src/server/http/subscribers/merge-basket';
import { tokenPseudonym } from '../../src/server/log';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { watchLogWarnings } from './support/log-warnings';

const warnings = watchLogWarnings();

/** A database whose every call fails, as one whose connection has dropped. */
const droppedDatabase = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('Connection terminated unexpectedly');
    },
  },
) as unknown as Db;

/** A sign-in's cookies: the request's basket cookie, and what the response sets. */
function cookieJar(basketToken: string) {
  const jar = new Map<string, string>([[BASKET_TOKEN_COOKIE, basketToken]]);
  return {
    jar,
    cookies: {
      get: (name: string) => (jar.has(name) ? { value: jar.get(name) } : undefined),
      has: (name: string) => jar.has(name),
      set: (name: string, value: string) => void jar.set(name, value),
      delete: (name: string) => void jar.delete(name),
    },
  };
}

describe.each(embedded)('spec 8 logged messages on $name', (engine) => {
  let database: Database;
  let base: { locationId: number; merchantId: number };
  const db = () => database.db;

  beforeAll(async () => {
    database = await engine.open();
    base = await seedBasketCatalogue(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** What the logger wrote as errors while `run` ran (the console spy is this test's alone). */
  async function errorsLoggedBy(run: () => Promise<unknown>): Promise<string> {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await run();
      return logged.mock.calls.flat().map(String).join('\n');
    } finally {
      logged.mockRestore();
    }
  }

  it('spec 8: a basket that cannot be made is logged "Basket Creation Failed", and the failure still reaches the caller', async () => {
    const logged = await errorsLoggedBy(() =>
      expect(createBasket(droppedDatabase, { products: [] })).rejects.toThrow('Connection terminated'),
    );
    expect(logged).toContain('[basket] Basket Creation Failed');
  });

  it('spec 8: a refused basket (an unknown option) is the shopper’s answer, not a creation failure', async () => {
    const logged = await errorsLoggedBy(() =>
      expect(createBasket(db(), { products: [{ dealProductId: 999_999_999, quantity: 1 }] })).rejects.toThrow(),
    );
    expect(logged).not.toContain('Basket Creation Failed');
  });

  it('spec 8: at sign-in a cookie naming another basket is logged with both tokens (pseudonyms) and repaired', async () => {
    const shopper = await addShopper(db());
    const { productIds } = await addDeal(db(), base, {}, [{}, {}]);
    const [kept = 0, fromGuest = 0] = productIds;
    const owned = await createBasket(db(), {
      customerToken: shopper.customerToken,
      products: [{ dealProductId: kept, quantity: 1 }],
    });
    const guest = await createBasket(db(), { products: [{ dealProductId: fromGuest, quantity: 1 }] });
    const { jar, cookies } = cookieJar(guest);

    await mergeBasket({
      context: { cookies, url: new URL('http://localhost/login') } as never,
      db: db(),
      user: shopper,
    });

    const mismatch = warnings.find((line) => line.startsWith('basket token mismatch'));
    expect(mismatch).toBe(`basket token mismatch: cookie ${tokenPseudonym(guest)}, kept ${tokenPseudonym(owned)}`);
    expect(mismatch).not.toContain(guest);
    expect(mismatch).not.toContain(owned);
    // Repaired: the cookie now names the basket kept.
    expect(jar.get(BASKET_TOKEN_COOKIE)).toBe(owned);
  });

  it('spec 8: a menu that cannot load is a warning; the last menu read still serves', async () => {
    clearCatalogueCaches();
    const london = { shortName: 'london', name: 'London' };
    const fresh = await retrieveHeaderData(db(), london, 'Tuppence');
    // A minute later the cached menu is due to be read again, and the database has gone.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await retrieveHeaderData(droppedDatabase, london, 'Tuppence')).toBe(fresh);
    expect(warnings).toContain('menu load failed for london');

    clearCatalogueCaches();
    await expect(retrieveHeaderData(droppedDatabase, london, 'Tuppence')).rejects.toThrow('Connection terminated');
  });
});
