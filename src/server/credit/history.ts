/**
 * /myaccount/credit (spec 2; docs/decisions/021): the credit a shopper was given, each grant with
 * why, how much, what is left and when it expires (from its wallet entry), and credit still to
 * come.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { walletEntries } from '@/server/wallet/schema';
import { creditCampaigns, creditGrants } from './schema';

export interface CreditLine {
  id: number;
  kind: 'campaign' | 'promotional' | 'referral';
  status: 'pending' | 'granted' | 'cancelled';
  description: string;
  amountMinor: number;
  /** What is left to spend (granted credit only). */
  remainingMinor: number;
  currency: 'GBP' | 'EUR';
  /** Granted: when it was given; pending: when it becomes due. */
  at: Date;
  expiresAt: Date | null;
  orderId: number | null;
}

export async function listCredit(db: Db, userId: number): Promise<CreditLine[]> {
  const rows = await db
    .select({
      grant: creditGrants,
      campaignName: creditCampaigns.name,
      expiresAt: walletEntries.expiresAt,
      spentMinor: sql<string>`coalesce((select -sum(d.amount_minor) from wallet_entries d
        where d.credit_id = ${creditGrants.walletEntryId}), 0)`,
    })
    .from(creditGrants)
    .leftJoin(creditCampaigns, eq(creditCampaigns.id, creditGrants.campaignId))
    .leftJoin(walletEntries, eq(walletEntries.id, creditGrants.walletEntryId))
    .where(and(eq(creditGrants.userId, userId)))
    .orderBy(desc(creditGrants.createdAt), desc(creditGrants.id))
    .limit(200);
  return rows.map(({ grant, campaignName, expiresAt, spentMinor }) => ({
    id: grant.id,
    kind: grant.kind,
    status: grant.status,
    description: grant.kind === 'campaign' ? (campaignName ?? grant.note) : grant.note || 'Credit',
    amountMinor: grant.amountMinor,
    remainingMinor: grant.status === 'granted' ? Math.max(0, grant.amountMinor - Number(spentMinor)) : 0,
    currency: grant.currency,
    at: grant.status === 'pending' ? grant.dueAt : (grant.grantedAt ?? grant.createdAt),
    expiresAt: expiresAt ?? null,
    orderId: grant.orderId,
  }));
}
