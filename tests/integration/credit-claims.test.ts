/**
 * Credit-claim campaigns (spec 2 ?credit_validation=, spec 3 credit claim response; decision 021).
 * A shopper claims a campaign's credit once, also when several requests race (the unique
 * (campaign, shopper) index; engines differ under concurrency, so every engine runs); an unknown,
 * not yet started or ended campaign is INVALID; the credit is marketing credit with its expiry.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCampaignCredit, createCreditCampaign, endCreditCampaign, listCredit } from '../../src/server/credit';
import type { Database } from '../../src/server/db/client';
import { creditGrants, users, walletEntries } from '../../src/server/db/schema';
import { walletBalances } from '../../src/server/wallet';
import { enginesWhereSqlDiffers } from './databases';

describe.each(enginesWhereSqlDiffers)('spec 4 credit claim: credit-claim links on $name', (engine) => {
  let database: Database;
  const db = () => database.db;
  const now = new Date();

  beforeAll(async () => {
    database = await engine.open();
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  async function shopper(name: string) {
    const [user] = await db()
      .insert(users)
      .values({
        email: `${name}-${randomBytes(3).toString('hex')}@example.test`,
        firstName: name,
        customerToken: randomBytes(16).toString('hex'),
      })
      .returning();
    if (user === undefined) throw new Error('no user');
    return user;
  }

  it('SUCCESS once, then ALREADY_CLAIMED; the credit is promotional with a 12-month expiry', async () => {
    await createCreditCampaign(
      db(),
      { claimCode: '123', name: 'Welcome £5', amountMinor: 500, currency: 'GBP', creditValidDays: null, endsAt: null },
      new Date(now.getTime() - 1000),
    );
    const user = await shopper('claimer');
    expect(await claimCampaignCredit(db(), { claimCode: '123', userId: user.id, now })).toEqual({
      status: 'SUCCESS',
      creditAmount: 500,
      currency: 'GBP',
    });
    expect(await claimCampaignCredit(db(), { claimCode: '123', userId: user.id, now })).toEqual({
      status: 'ALREADY_CLAIMED',
      creditAmount: 500,
      currency: 'GBP',
    });
    const [balance] = await walletBalances(db(), user.id, now);
    expect(balance).toMatchObject({ currency: 'GBP', balance: 500, marketingBalance: 500 });
    const [credit] = await listCredit(db(), user.id);
    expect(credit).toMatchObject({
      kind: 'campaign',
      description: 'Welcome £5',
      amountMinor: 500,
      remainingMinor: 500,
    });
    const months = (credit?.expiresAt?.getTime() ?? 0) - now.getTime();
    expect(months / (24 * 3600 * 1000)).toBeGreaterThanOrEqual(364);
  });

  it('ten claims at once by one shopper give one credit', async () => {
    await createCreditCampaign(
      db(),
      { claimCode: '4242', name: 'Race £3', amountMinor: 300, currency: 'GBP', creditValidDays: 30, endsAt: null },
      new Date(now.getTime() - 1000),
    );
    const user = await shopper('racer');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => claimCampaignCredit(db(), { claimCode: '4242', userId: user.id, now })),
    );
    expect(answers.filter((a) => a.status === 'SUCCESS')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'ALREADY_CLAIMED')).toHaveLength(9);
    const credits = await db()
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, user.id), eq(walletEntries.kind, 'marketing')));
    expect(credits).toHaveLength(1);
    // The ledger row traces the credit to its campaign and its wallet entry.
    const [grant] = await db().select().from(creditGrants).where(eq(creditGrants.userId, user.id));
    expect(grant).toMatchObject({ kind: 'campaign', status: 'granted', walletEntryId: credits[0]?.id });
  });

  it('an unknown, not yet started or ended campaign is INVALID and gives nothing', async () => {
    const user = await shopper('late');
    expect((await claimCampaignCredit(db(), { claimCode: '999999', userId: user.id, now })).status).toBe('INVALID');
    await createCreditCampaign(
      db(),
      {
        claimCode: '5000',
        name: 'Future',
        amountMinor: 100,
        currency: 'GBP',
        creditValidDays: null,
        endsAt: null,
        startsAt: new Date(now.getTime() + 3600_000).toISOString(),
      },
      now,
    );
    expect((await claimCampaignCredit(db(), { claimCode: '5000', userId: user.id, now })).status).toBe('INVALID');
    const ended = await createCreditCampaign(
      db(),
      { claimCode: '6000', name: 'Over', amountMinor: 100, currency: 'EUR', creditValidDays: null, endsAt: null },
      new Date(now.getTime() - 1000),
    );
    await endCreditCampaign(db(), ended.id, now);
    expect((await claimCampaignCredit(db(), { claimCode: '6000', userId: user.id, now })).status).toBe('INVALID');
    expect(await walletBalances(db(), user.id, now)).toEqual([]);
  });
});
