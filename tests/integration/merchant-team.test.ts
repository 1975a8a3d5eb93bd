/**
 * The merchant's team (decision 024) on embedded PGlite: invitations (emailed, single use, only for the
 * invited email, an earlier one withdrawn by a newer one), removing colleagues (never the last owner), and a
 * merchant's dashboard reading only its own deals.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../scripts/seed';
import { AppError } from '../../src/domain/errors';
import type { Database } from '../../src/server/db/client';
import { deals, outbox } from '../../src/server/db/schema';
import { statusOf } from '../../src/server/http/status';
import {
  acceptInvite,
  inviteColleague,
  listMembers,
  listMemberships,
  listMerchantDeals,
  listPendingInvites,
  removeMember,
  retrieveMembership,
} from '../../src/server/merchants';
import { insertTestUser } from './commerce-fixtures';
import { embedded } from './databases';
import { insertMerchantMember, twoMerchants } from './merchant-fixtures';
import { mailText } from './support/mail';

const NOW = new Date('2027-03-01T12:00:00Z');
const ORIGIN = 'https://shop.example';

async function status(run: Promise<unknown>): Promise<number> {
  try {
    await run;
  } catch (error) {
    if (error instanceof AppError) return statusOf(error.kind);
    throw error;
  }
  return 200;
}

describe.each(embedded)('merchant teams on $name', (engine) => {
  let database: Database;
  let merchantId: number;
  let otherMerchantId: number;

  beforeAll(async () => {
    database = await engine.open();
    await seedCatalogue(database.db, { deals: 40, seed: 3 });
    ({ merchantId, otherMerchantId } = await twoMerchants(database.db));
  });
  afterAll(async () => {
    await database?.close();
  });

  async function mailedToken(email: string): Promise<string> {
    const rows = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    const invite = rows.at(-1);
    const token = (invite === undefined ? '' : await mailText(invite)).match(/\/merchant\/invite\/([\w-]+)/)?.[1];
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  }

  it('an owner invites a colleague by email; only that email can accept, once', async () => {
    const { db } = database;
    const owner = await insertMerchantMember(db, merchantId, 'owner');
    const colleague = await insertTestUser(db);
    const impostor = await insertTestUser(db);
    await inviteColleague(db, {
      merchantId,
      email: colleague.email.toUpperCase(),
      role: 'staff',
      byUserId: owner.id,
      origin: ORIGIN,
      now: NOW,
    });
    const token = await mailedToken(colleague.email);
    expect((await listPendingInvites(db, merchantId, NOW)).map((invite) => invite.email)).toContain(colleague.email);

    expect(await status(acceptInvite(db, { token, userId: impostor.id, email: impostor.email, now: NOW }))).toBe(403);
    expect(await acceptInvite(db, { token, userId: colleague.id, email: colleague.email, now: NOW })).toBe(merchantId);
    expect(await retrieveMembership(db, colleague.id, merchantId)).toMatchObject({ role: 'staff' });
    expect((await listMemberships(db, colleague.id)).map((m) => m.merchantId)).toEqual([merchantId]);
    expect(await status(acceptInvite(db, { token, userId: colleague.id, email: colleague.email, now: NOW }))).toBe(404);
    // Already a member: inviting again is refused.
    expect(
      await status(
        inviteColleague(db, {
          merchantId,
          email: colleague.email,
          role: 'staff',
          byUserId: owner.id,
          origin: ORIGIN,
          now: NOW,
        }),
      ),
    ).toBe(409);
  });

  it('staff cannot invite; a newer invitation ends the older; an invitation expires after 7 days', async () => {
    const { db } = database;
    const owner = await insertMerchantMember(db, merchantId, 'owner');
    const staff = await insertMerchantMember(db, merchantId, 'staff');
    const invitee = await insertTestUser(db);
    expect(
      await status(
        inviteColleague(db, {
          merchantId,
          email: invitee.email,
          role: 'staff',
          byUserId: staff.id,
          origin: ORIGIN,
          now: NOW,
        }),
      ),
    ).toBe(403);
    await inviteColleague(db, {
      merchantId,
      email: invitee.email,
      role: 'staff',
      byUserId: owner.id,
      origin: ORIGIN,
      now: NOW,
    });
    const first = await mailedToken(invitee.email);
    await inviteColleague(db, {
      merchantId,
      email: invitee.email,
      role: 'owner',
      byUserId: owner.id,
      origin: ORIGIN,
      now: NOW,
    });
    const second = await mailedToken(invitee.email);
    expect(await status(acceptInvite(db, { token: first, userId: invitee.id, email: invitee.email, now: NOW }))).toBe(
      404,
    );
    const late = new Date(NOW.getTime() + 8 * 24 * 60 * 60 * 1000);
    expect(await status(acceptInvite(db, { token: second, userId: invitee.id, email: invitee.email, now: late }))).toBe(
      404,
    );
    await acceptInvite(db, { token: second, userId: invitee.id, email: invitee.email, now: NOW });
    expect(await retrieveMembership(db, invitee.id, merchantId)).toMatchObject({ role: 'owner' });
  });

  it('an owner removes a colleague; the only owner cannot be removed; staff cannot remove anyone', async () => {
    const { db } = database;
    const owner = await insertMerchantMember(db, otherMerchantId, 'owner');
    const staff = await insertMerchantMember(db, otherMerchantId, 'staff');
    expect(await status(removeMember(db, { merchantId: otherMerchantId, byUserId: staff.id, userId: owner.id }))).toBe(
      403,
    );
    expect(await status(removeMember(db, { merchantId: otherMerchantId, byUserId: owner.id, userId: owner.id }))).toBe(
      403,
    );
    await removeMember(db, { merchantId: otherMerchantId, byUserId: owner.id, userId: staff.id });
    expect(await retrieveMembership(db, staff.id, otherMerchantId)).toBeNull();
    expect((await listMembers(db, otherMerchantId)).map((member) => member.userId)).toEqual([owner.id]);
  });

  it("a merchant's dashboard lists only its own deals", async () => {
    const { db } = database;
    const listed = await listMerchantDeals(db, merchantId, NOW);
    const own = await db.select({ id: deals.id }).from(deals).where(eq(deals.merchantId, merchantId));
    expect(listed.map((deal) => deal.id).sort()).toEqual(own.map((deal) => deal.id).sort());
  });
});
