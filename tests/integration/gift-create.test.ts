/**
 * spec 7 POST /gift/create (gifting at checkout, decision 028) over the endpoint() boundary, on the
 * real basket: the same change as the checkout's gifting page (spec 4 "Gifting changes"), for the
 * basket's owner only.
 * - An e-gift, then a standard gift pack with a checked postcode ("Enter a valid postcode"), then
 *   back to an e-gift: no pack or wrap is left, and the priced basket says so.
 * - Gift wrap answers spec 4's toast "Gift Wrap Added"; 0 deletes it.
 * - Someone else's basket is a 404, as if it did not exist; a body with no change is a 400.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GiftCreateRefusalSchema, GiftCreateResponseSchema } from '../../src/contracts/gifting';
import { londonDay } from '../../src/domain/format';
import { addDays } from '../../src/domain/gifting';
import { createBasket } from '../../src/server/basket';
import type { Database } from '../../src/server/db/client';
import { basketLines, type UserRow } from '../../src/server/db/schema';
import { addDeal, addShopper, seedBasketCatalogue } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const { POST: giftCreate } = await import('../../src/pages/api/v1/gift/create');

/** A POST /api/v1/gift/create as a browser holding these cookies (and, optionally, signed in) sends it. */
async function post(
  body: unknown,
  options: { cookies?: Record<string, string>; user?: UserRow } = {},
): Promise<Response> {
  const values = new Map(Object.entries(options.cookies ?? {}));
  const cookies = {
    get: (name: string) => (values.has(name) ? { value: values.get(name) } : undefined),
    has: (name: string) => values.has(name),
    set: (name: string, value: string) => values.set(name, value),
    delete: (name: string) => values.delete(name),
  };
  const { user } = options;
  const session = user
    ? { get: async () => ({ userId: user.id, epoch: user.sessionEpoch }), destroy() {} }
    : { get: async () => undefined, destroy() {} };
  const url = new URL('http://localhost/api/v1/gift/create');
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return giftCreate({
    url,
    request,
    cookies,
    session,
    params: {},
    locals: { brand: 'tuppence' },
  } as unknown as APIContext);
}

describe.each(embedded)('spec 7 gift/create on $name', (engine) => {
  let productId = 0;
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };

  beforeAll(async () => {
    shared.database = await engine.open();
    const base = await seedBasketCatalogue(shared.database.db);
    const deal = await addDeal(shared.database.db, base, {}, [
      {
        product: {
          priceMinor: 2000,
          isGiftable: true,
          giftWrapAvailable: true,
          deliveryOptions: ['e-gift', 'ndd-gpk', 'std-gpk', 'none'],
        },
      },
    ]);
    productId = deal.productIds[0] ?? 0;
  });
  afterAll(async () => {
    await shared.database?.close();
  });

  /** A signed-in shopper's basket of two vouchers. */
  async function shopperWithBasket() {
    const user = await addShopper(db());
    const token = await createBasket(db(), {
      brand: 'tuppence',
      customerToken: user.customerToken,
      products: [{ dealProductId: productId, quantity: 2 }],
    });
    const [line] = await db().select().from(basketLines).where(eq(basketLines.basketId, token));
    if (line === undefined) throw new Error('no line');
    return { user, token, lineId: line.id };
  }

  it('sends a line as an e-gift, then a gift pack, then an e-gift again: no pack or wrap is left', async () => {
    const { user, token, lineId } = await shopperWithBasket();
    const sendOn = addDays(londonDay(new Date()), 2);
    const eGift = { recipientName: 'Sam', recipientEmail: 'Sam@Example.test', message: 'Enjoy!', sendOn };

    const first = await post({ token, productId: lineId, deliveryOptionType: 'e-gift', eGift }, { user });
    expect(first.status).toBe(200);
    const gifted = GiftCreateResponseSchema.parse(await first.json());
    expect(gifted.toast).toBeNull();
    expect(gifted.basket.lines[0]?.gifting.type).toBe('e-gift');
    const [stored] = await db().select().from(basketLines).where(eq(basketLines.id, lineId));
    expect(stored?.giftDetails).toEqual({ kind: 'e-gift', ...eGift, recipientEmail: 'sam@example.test' });

    // spec 5: "Enter a valid postcode"; nothing changes on a refusal.
    const address = { name: 'Sam Smith', line1: '12 King Street', town: 'London', postcode: 'ZZ9 9ZZ' };
    const refused = await post({ token, productId: lineId, deliveryOptionType: 'std-gpk', address }, { user });
    expect(refused.status).toBe(400);
    const refusal = GiftCreateRefusalSchema.parse(await refused.json());
    expect(refusal.message).toBe('Enter a valid postcode');
    expect(refusal.problems.postcode).toBe('Enter a valid postcode');

    const packed = await post(
      { token, productId: lineId, deliveryOptionType: 'std-gpk', address: { ...address, postcode: 'sw1a1aa' } },
      { user },
    );
    expect(packed.status).toBe(200);
    const pack = GiftCreateResponseSchema.parse(await packed.json());
    expect(pack.toast).toBe('Gift Pack Added');
    expect(pack.basket.lines[0]?.gifting).toMatchObject({ type: 'std-gpk', packQuantity: 2 });

    const back = await post({ token, productId: lineId, deliveryOptionType: 'e-gift', eGift }, { user });
    const again = GiftCreateResponseSchema.parse(await back.json());
    expect(again.basket.lines[0]?.gifting).toMatchObject({ type: 'e-gift', packQuantity: 0, wrapQuantity: 0 });
    expect(again.basket.lines[0]?.gifting.extras).toEqual([]);
  });

  it('spec 4: gift wrap answers "Gift Wrap Added" and a quantity of 0 deletes it; the request basket is the default', async () => {
    const { user, lineId } = await shopperWithBasket();
    const wrapped = await post({ productId: lineId, giftWrap: 2 }, { user });
    expect(wrapped.status).toBe(200);
    const body = GiftCreateResponseSchema.parse(await wrapped.json());
    expect(body.toast).toBe('Gift Wrap Added');
    expect(body.basket.lines[0]?.gifting.wrapQuantity).toBe(2);

    const unwrapped = GiftCreateResponseSchema.parse(
      await (await post({ productId: lineId, giftWrap: 0 }, { user })).json(),
    );
    expect(unwrapped.basket.lines[0]?.gifting.wrapQuantity).toBe(0);
  });

  it("is the owner's only: another shopper or a guest holding the token reads 404, and the line is untouched", async () => {
    const { token, lineId } = await shopperWithBasket();
    const stranger = await addShopper(db());
    const change = { token, productId: lineId, giftWrap: 1 };
    const asStranger = await post(change, { user: stranger });
    expect(asStranger.status).toBe(404);
    const asGuest = await post(change, { cookies: { basket_token: token } });
    expect(asGuest.status).toBe(404);
    const [line] = await db().select().from(basketLines).where(eq(basketLines.id, lineId));
    expect(line?.giftWrapQuantity).toBe(0);
  });

  it('a body with no change, or with both changes, is a 400; an unknown line is a 404', async () => {
    const { user, token, lineId } = await shopperWithBasket();
    expect((await post({ token, productId: lineId }, { user })).status).toBe(400);
    expect((await post({ token, productId: lineId, giftWrap: 1, deliveryOptionType: 'none' }, { user })).status).toBe(
      400,
    );
    expect((await post({ token, productId: 2_000_000_000, giftWrap: 1 }, { user })).status).toBe(404);
  });
});
