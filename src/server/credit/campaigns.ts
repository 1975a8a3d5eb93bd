/**
 * Credit-claim links (docs/decisions/021; spec 2 credit_validation, spec 4 "Credit claim", spec 7
 * user/campaign-credit-claim): a signed-in shopper claims a campaign's credit once. The claim and the
 * wallet credit are one transaction; the unique (campaign, shopper) index makes a second claim,
 * even a concurrent one, answer ALREADY_CLAIMED and write nothing.
 */
import { eq } from 'drizzle-orm';
import type { CreditClaimResponse } from '@/contracts/promotions';
import { walletCreditExpiry } from '@/domain/wallet';
import type { Db } from '@/server/db';
import { creditWallet } from '@/server/wallet';
import { type CreditCampaignRow, creditCampaigns, creditGrants } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

function isRunning(campaign: CreditCampaignRow, now: Date): boolean {
  const t = now.getTime();
  if (campaign.startsAt.getTime() > t) return false;
  return ![campaign.endsAt, campaign.endedAt].some((at) => at !== null && at.getTime() <= t);
}

/** When a claim made `now` expires: the campaign's days, else spec 4's 12 months. */
export function campaignCreditExpiry(campaign: Pick<CreditCampaignRow, 'creditValidDays'>, now: Date): Date {
  return campaign.creditValidDays === null
    ? walletCreditExpiry(now)
    : new Date(now.getTime() + campaign.creditValidDays * DAY_MS);
}

/** spec 3 credit claim response for this shopper and claim code. */
export async function claimCampaignCredit(
  db: Db,
  input: { claimCode: string; userId: number; now: Date },
): Promise<CreditClaimResponse> {
  const [campaign] = await db
    .select()
    .from(creditCampaigns)
    .where(eq(creditCampaigns.claimCode, input.claimCode))
    .limit(1);
  if (campaign === undefined || !isRunning(campaign, input.now)) {
    return { status: 'INVALID', creditAmount: null, currency: null };
  }
  const answer = { creditAmount: campaign.amountMinor, currency: campaign.currency };
  return db.transaction(async (tx) => {
    const [grant] = await tx
      .insert(creditGrants)
      .values({
        kind: 'campaign',
        userId: input.userId,
        campaignId: campaign.id,
        amountMinor: campaign.amountMinor,
        currency: campaign.currency,
        status: 'granted',
        dueAt: input.now,
        grantedAt: input.now,
        note: campaign.name,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: creditGrants.id });
    if (grant === undefined) return { status: 'ALREADY_CLAIMED' as const, ...answer };
    const entry = await creditWallet(tx, {
      userId: input.userId,
      currency: campaign.currency,
      kind: 'marketing',
      amountMinor: campaign.amountMinor,
      expiresAt: campaignCreditExpiry(campaign, input.now),
      description: `Credit: ${campaign.name}`,
    });
    await tx.update(creditGrants).set({ walletEntryId: entry.id }).where(eq(creditGrants.id, grant.id));
    return { status: 'SUCCESS' as const, ...answer };
  });
}
