/**
 * Saved delivery addresses (docs/decisions/051): the addresses service's rules (the first is the
 * default, removing the default makes the newest one left the default, at most 20), the JSON API
 * the islands call (401 for a guest, 404 for another shopper's id, a 400 naming each field), the
 * spec 3 user flag hasAddress, and UK GDPR: deleting the account (spec 7 anonymize) removes them,
 * and a failed write never puts an address in the log.
 */
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, type DeliveryAddressInput } from '../../src/contracts/delivery';
import { anonymizeUser } from '../../src/server/accounts';
import {
  addSavedAddress,
  listSavedAddresses,
  MAX_SAVED_ADDRESSES,
  removeSavedAddress,
  retrieveSavedAddress,
  SAVED_ADDRESS_COPY,
  setDefaultAddress,
  updateSavedAddress,
} from '../../src/server/addresses';
import { savedAddresses } from '../../src/server/addresses/schema';
import type { Database } from '../../src/server/db/client';
import { describeError } from '../../src/server/log';
import { addShopper } from './basket-fixtures';
import { embedded } from './databases';
import { serveTestDatabase } from './support/test-database';

const shared: { database?: Database } = {};
serveTestDatabase(shared);

const addressesRoute = await import('../../src/pages/api/v1/user/addresses');
const addressRoute = await import('../../src/pages/api/v1/user/addresses/[id]');
const accountStatusRoute = await import('../../src/pages/api/v1/user/account-status');

type Shopper = Awaited<ReturnType<typeof addShopper>>;

/** A request as the shopper's browser sends it (signed in when `user` is given). */
function context(
  url: string,
  user: Shopper | null,
  init: { method?: string; body?: unknown; params?: Record<string, string> } = {},
): APIContext {
  const session = {
    get: async (key: string) => (key === 'account' && user ? { userId: user.id, epoch: user.sessionEpoch } : undefined),
    set: () => undefined,
    destroy: () => undefined,
  };
  const cookies = { get: () => undefined, set: () => undefined, delete: () => undefined };
  const request = new Request(url, {
    method: init.method ?? 'GET',
    headers: { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return {
    url: new URL(url),
    params: init.params ?? {},
    request,
    session,
    cookies,
    locals: { now: new Date(), brand: 'tuppence' },
  } as unknown as APIContext;
}

const LIST_URL = 'http://localhost/api/v1/user/addresses';
const itemUrl = (id: number) => `${LIST_URL}/${id}`;

const home = (over: Partial<DeliveryAddressInput> = {}): DeliveryAddressInput => ({
  name: 'Ada Lovelace',
  line1: '12 Park Row',
  line2: '',
  town: 'Leeds',
  postcode: 'ls1 5hd',
  phone: '07700 900123',
  ...over,
});

describe.each(embedded)('saved delivery addresses on $name', (engine) => {
  const db = () => {
    if (!shared.database) throw new Error('test database not open');
    return shared.database.db;
  };
  beforeAll(async () => {
    shared.database = await engine.open();
  });
  afterAll(async () => {
    await shared.database?.close();
    shared.database = undefined;
  });

  describe('the addresses service', () => {
    it('spec 7 account service addresses (decision 051): the first address is the default, the postcode is kept the Royal Mail way, the default is listed first', async () => {
      const shopper = await addShopper(db());
      const first = await addSavedAddress(db(), shopper.id, home());
      const second = await addSavedAddress(
        db(),
        shopper.id,
        home({ line1: '1 Quay Street', town: 'Manchester', postcode: 'M3 3JE' }),
      );
      expect(first).toMatchObject({ isDefault: true, postcode: 'LS1 5HD', line2: '' });
      expect(second.isDefault).toBe(false);
      expect((await listSavedAddresses(db(), shopper.id)).map((address) => address.id)).toEqual([first.id, second.id]);
      expect(await retrieveSavedAddress(db(), shopper.id, second.id)).toEqual(second);
    });

    it('spec 7 account service addresses (decision 051): editing keeps the default mark; making another the default moves it (one default)', async () => {
      const shopper = await addShopper(db());
      const first = await addSavedAddress(db(), shopper.id, home());
      const second = await addSavedAddress(db(), shopper.id, home({ line1: '7 Mill Lane' }));
      const edited = await updateSavedAddress(db(), shopper.id, first.id, home({ line2: 'Flat 3', phone: '' }));
      expect(edited).toMatchObject({ line2: 'Flat 3', phone: '', isDefault: true });

      await setDefaultAddress(db(), shopper.id, second.id);
      const listed = await listSavedAddresses(db(), shopper.id);
      expect(listed.map((address) => [address.id, address.isDefault])).toEqual([
        [second.id, true],
        [first.id, false],
      ]);
    });

    it('spec 7 account service addresses (decision 051): removing the default makes the newest one left the default; removing the last leaves none', async () => {
      const shopper = await addShopper(db());
      const oldest = await addSavedAddress(db(), shopper.id, home({ line1: '1 Old Road' }));
      const middle = await addSavedAddress(db(), shopper.id, home({ line1: '2 Middle Road' }));
      const newest = await addSavedAddress(db(), shopper.id, home({ line1: '3 New Road' }));
      await setDefaultAddress(db(), shopper.id, middle.id);

      await removeSavedAddress(db(), shopper.id, middle.id);
      expect((await listSavedAddresses(db(), shopper.id)).map((address) => [address.id, address.isDefault])).toEqual([
        [newest.id, true],
        [oldest.id, false],
      ]);
      await removeSavedAddress(db(), shopper.id, oldest.id);
      await removeSavedAddress(db(), shopper.id, newest.id);
      expect(await listSavedAddresses(db(), shopper.id)).toEqual([]);
      // The next one added is the default again.
      expect((await addSavedAddress(db(), shopper.id, home())).isDefault).toBe(true);
    });

    it(`spec 7 account service addresses (decision 051): a shopper keeps at most ${MAX_SAVED_ADDRESSES} addresses, and is told so`, async () => {
      const shopper = await addShopper(db());
      for (let n = 1; n <= MAX_SAVED_ADDRESSES; n += 1)
        await addSavedAddress(db(), shopper.id, home({ line1: `${n} Long Row` }));
      await expect(addSavedAddress(db(), shopper.id, home({ line1: '21 Long Row' }))).rejects.toMatchObject({
        kind: 'conflict',
        message: SAVED_ADDRESS_COPY.tooMany,
      });
      expect(await listSavedAddresses(db(), shopper.id)).toHaveLength(MAX_SAVED_ADDRESSES);
    });

    it('UK GDPR (decision 051): another shopper reads none of it and changes none of it', async () => {
      const owner = await addShopper(db());
      const stranger = await addShopper(db());
      const address = await addSavedAddress(db(), owner.id, home());
      expect(await retrieveSavedAddress(db(), stranger.id, address.id)).toBeNull();
      for (const attempt of [
        updateSavedAddress(db(), stranger.id, address.id, home({ line1: 'Somewhere else' })),
        setDefaultAddress(db(), stranger.id, address.id),
        removeSavedAddress(db(), stranger.id, address.id),
      ]) {
        await expect(attempt).rejects.toMatchObject({ kind: 'notFound', message: SAVED_ADDRESS_COPY.notFound });
      }
      expect(await retrieveSavedAddress(db(), owner.id, address.id)).toEqual(address);
    });

    it('spec 5 "Enter a valid postcode": an address is checked by DeliveryAddressSchema', async () => {
      const shopper = await addShopper(db());
      await expect(addSavedAddress(db(), shopper.id, home({ postcode: 'LS1' }))).rejects.toMatchObject({
        kind: 'invalid',
        message: ADDRESS_MESSAGES.postcode,
      });
      expect(await listSavedAddresses(db(), shopper.id)).toEqual([]);
    });
  });

  describe('GET, POST, PATCH and DELETE /api/v1/user/addresses', () => {
    it('spec 7 account service: a guest gets 401 from every call', async () => {
      const answers = [
        await addressesRoute.GET(context(LIST_URL, null)),
        await addressesRoute.POST(context(LIST_URL, null, { method: 'POST', body: home() })),
        await addressRoute.PATCH(
          context(itemUrl(1), null, { method: 'PATCH', body: { isDefault: true }, params: { id: '1' } }),
        ),
        await addressRoute.DELETE(context(itemUrl(1), null, { method: 'DELETE', params: { id: '1' } })),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    });

    it('spec 7 account service addresses (decision 051): a shopper adds, lists, edits, makes default and removes through the API', async () => {
      const shopper = await addShopper(db());
      const empty = await addressesRoute.GET(context(LIST_URL, shopper));
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual({ addresses: [] });

      const added = await addressesRoute.POST(context(LIST_URL, shopper, { method: 'POST', body: home() }));
      expect(added.status).toBe(201);
      const { address: first } = (await added.json()) as { address: { id: number } };
      const second = (await (
        await addressesRoute.POST(context(LIST_URL, shopper, { method: 'POST', body: home({ line1: '9 Boar Lane' }) }))
      ).json()) as { address: { id: number; isDefault: boolean } };
      expect(second.address.isDefault).toBe(false);

      const patched = await addressRoute.PATCH(
        context(itemUrl(second.address.id), shopper, {
          method: 'PATCH',
          body: { line2: 'Second floor', isDefault: true },
          params: { id: String(second.address.id) },
        }),
      );
      expect(patched.status).toBe(200);
      const afterPatch = (await patched.json()) as {
        address: Record<string, unknown>;
        addresses: Array<{ id: number }>;
      };
      // The fields not sent keep their saved values.
      expect(afterPatch.address).toMatchObject({
        line1: '9 Boar Lane',
        line2: 'Second floor',
        postcode: 'LS1 5HD',
        isDefault: true,
      });
      expect(afterPatch.addresses.map((address) => address.id)).toEqual([second.address.id, first.id]);

      const removed = await addressRoute.DELETE(
        context(itemUrl(second.address.id), shopper, { method: 'DELETE', params: { id: String(second.address.id) } }),
      );
      expect(removed.status).toBe(200);
      expect(((await removed.json()) as { addresses: unknown[] }).addresses).toEqual([
        expect.objectContaining({ id: first.id, isDefault: true }),
      ]);
      expect(removed.headers.get('Cache-Control')).toBe('no-store');
    });

    it('spec 5 messages: a bad address is a 400 with each field’s message, and nothing is saved', async () => {
      const shopper = await addShopper(db());
      const answer = await addressesRoute.POST(
        context(LIST_URL, shopper, {
          method: 'POST',
          body: { name: '', line1: '1 High St', town: '', postcode: 'not a postcode', phone: 'call me' },
        }),
      );
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        message: ADDRESS_MESSAGES.name,
        status: 400,
        errors: {
          name: ADDRESS_MESSAGES.name,
          town: ADDRESS_MESSAGES.town,
          postcode: 'Enter a valid postcode',
          phone: ADDRESS_MESSAGES.phone,
        },
      });
      expect(await listSavedAddresses(db(), shopper.id)).toEqual([]);

      const saved = await addSavedAddress(db(), shopper.id, home());
      const badPatch = await addressRoute.PATCH(
        context(itemUrl(saved.id), shopper, {
          method: 'PATCH',
          body: { postcode: 'ZZ' },
          params: { id: String(saved.id) },
        }),
      );
      expect(badPatch.status).toBe(400);
      expect(((await badPatch.json()) as { errors: Record<string, string> }).errors).toEqual({
        postcode: 'Enter a valid postcode',
      });
      expect(await retrieveSavedAddress(db(), shopper.id, saved.id)).toEqual(saved);
    });

    it('UK GDPR (decision 051): another shopper’s id is a 404 and changes nothing', async () => {
      const owner = await addShopper(db());
      const stranger = await addShopper(db());
      const address = await addSavedAddress(db(), owner.id, home());
      await addSavedAddress(db(), owner.id, home({ line1: '2 Other Street' }));
      const params = { id: String(address.id) };
      const answers = [
        await addressRoute.GET(context(itemUrl(address.id), stranger, { params })),
        await addressRoute.PATCH(
          context(itemUrl(address.id), stranger, { method: 'PATCH', body: { line1: 'Mine now' }, params }),
        ),
        await addressRoute.PATCH(
          context(itemUrl(address.id), stranger, { method: 'PATCH', body: { isDefault: true }, params }),
        ),
        await addressRoute.DELETE(context(itemUrl(address.id), stranger, { method: 'DELETE', params })),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
      expect(await answers[0]?.json()).toEqual({ message: SAVED_ADDRESS_COPY.notFound, status: 404 });
      expect(await retrieveSavedAddress(db(), owner.id, address.id)).toEqual(address);
      expect(await listSavedAddresses(db(), stranger.id)).toEqual([]);
    });
  });

  it('spec 3 user flag hasAddress: true exactly while the shopper has a saved address', async () => {
    const shopper = await addShopper(db());
    const flags = async () =>
      (await (
        await accountStatusRoute.GET(context('http://localhost/api/v1/user/account-status', shopper))
      ).json()) as {
        hasAddress: boolean;
        hasPassword: boolean;
      };
    expect(await flags()).toMatchObject({ hasAddress: false, hasPassword: false });
    const address = await addSavedAddress(db(), shopper.id, home());
    expect((await flags()).hasAddress).toBe(true);
    await removeSavedAddress(db(), shopper.id, address.id);
    expect((await flags()).hasAddress).toBe(false);
  });

  it('spec 7 anonymize (UK GDPR): deleting the account removes its saved addresses, and no one else’s', async () => {
    const leaving = await addShopper(db());
    const staying = await addShopper(db());
    await addSavedAddress(db(), leaving.id, home());
    await addSavedAddress(db(), leaving.id, home({ line1: '4 Kirkgate' }));
    const kept = await addSavedAddress(db(), staying.id, home());

    await anonymizeUser(db(), leaving.id, '');
    expect(await db().select().from(savedAddresses).where(eq(savedAddresses.userId, leaving.id))).toEqual([]);
    expect(await listSavedAddresses(db(), staying.id)).toEqual([kept]);
  });

  it('UK GDPR (decision 051): a failed address write is logged without the address (no bound values, no PostgreSQL detail)', async () => {
    const failure = await db()
      .insert(savedAddresses)
      .values({
        userId: 2_000_000_000,
        name: 'Grace Hopper',
        line1: '77 Secret Lane',
        town: 'Hull',
        postcode: 'HU1 1AA',
        phone: '07700 900999',
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    const logged = describeError(failure);
    for (const secret of ['Grace Hopper', '77 Secret Lane', 'HU1 1AA', '07700 900999'])
      expect(logged).not.toContain(secret);
  });
});
