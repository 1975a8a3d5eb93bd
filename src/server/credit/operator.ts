/**
 * Operators create, list and end credit-claim campaigns and promotional-credit offers, and trace
 * the grants ledger (docs/decisions/021; /api/internal/credit-campaigns,
 * /api/internal/credit-offers, /api/internal/credit-grants).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { NewCreditCampaign, NewPromotionalCreditOffer } from '@/contracts/promotions';
import { Conflict, NotFound } from '@/domain/errors';
import type { Db } from '@/server/db';
import { creditCampaigns, creditGrants, promotionalCreditOffers } from './schema';

const iso = (at: Date | null) => at?.toISOString() ?? null;

export async function createCreditCampaign(db: Db, input: NewCreditCampaign, now: Date) {
  const [row] = await db
    .insert(creditCampaigns)
    .values({
      claimCode: input.claimCode,
      name: input.name,
      amountMinor: input.amountMinor,
      currency: input.currency,
      creditValidDays: input.creditValidDays,
      startsAt: input.startsAt ? new Date(input.startsAt) : now,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) throw new Conflict(`A campaign with claim code ${input.claimCode} already exists`);
  return campaignView(row, 0);
}

function campaignView(row: typeof creditCampaigns.$inferSelect, claims: number) {
  return {
    id: row.id,
    claimCode: row.claimCode,
    name: row.name,
    amountMinor: row.amountMinor,
    currency: row.currency,
    creditValidDays: row.creditValidDays,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    endedAt: iso(row.endedAt),
    claims,
  };
}
export type CreditCampaignView = ReturnType<typeof campaignView>;

export async function endCreditCampaign(db: Db, id: number, now: Date): Promise<CreditCampaignView> {
  const [row] = await db
    .update(creditCampaigns)
    .set({ endedAt: sql`coalesce(${creditCampaigns.endedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(creditCampaigns.id, id))
    .returning();
  if (row === undefined) throw new NotFound('No campaign with that id');
  return campaignView(row, 0);
}

export async function listCreditCampaigns(db: Db): Promise<CreditCampaignView[]> {
  const rows = await db
    .select({
      campaign: creditCampaigns,
      claims: sql<string>`(select count(*) from ${creditGrants} where ${creditGrants.campaignId} = ${creditCampaigns.id})`,
    })
    .from(creditCampaigns)
    .orderBy(desc(creditCampaigns.id))
    .limit(500);
  return rows.map((row) => campaignView(row.campaign, Number(row.claims)));
}

function offerView(row: typeof promotionalCreditOffers.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    categoryIds: row.categoryIds,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    endedAt: iso(row.endedAt),
  };
}
export type PromotionalCreditOfferView = ReturnType<typeof offerView>;

export async function createPromotionalCreditOffer(db: Db, input: NewPromotionalCreditOffer, now: Date) {
  const [row] = await db
    .insert(promotionalCreditOffers)
    .values({
      name: input.name,
      categoryIds: input.categoryIds,
      startsAt: input.startsAt ? new Date(input.startsAt) : now,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
    })
    .returning();
  if (row === undefined) throw new Error('offer insert returned nothing');
  return offerView(row);
}

export async function endPromotionalCreditOffer(db: Db, id: number, now: Date) {
  const [row] = await db
    .update(promotionalCreditOffers)
    .set({ endedAt: sql`coalesce(${promotionalCreditOffers.endedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(promotionalCreditOffers.id, id))
    .returning();
  if (row === undefined) throw new NotFound('No offer with that id');
  return offerView(row);
}

export async function listPromotionalCreditOffers(db: Db): Promise<PromotionalCreditOfferView[]> {
  const rows = await db.select().from(promotionalCreditOffers).orderBy(desc(promotionalCreditOffers.id)).limit(500);
  return rows.map(offerView);
}

/** The grants ledger, newest first: each grant with its campaign or order and its wallet entry. */
export async function listCreditGrants(db: Db, options: { userId?: number; limit?: number } = {}) {
  const rows = await db
    .select()
    .from(creditGrants)
    .where(options.userId === undefined ? undefined : eq(creditGrants.userId, options.userId))
    .orderBy(desc(creditGrants.id))
    .limit(Math.min(500, options.limit ?? 100));
  return rows.map((row) => ({
    ...row,
    dueAt: row.dueAt.toISOString(),
    grantedAt: iso(row.grantedAt),
    createdAt: row.createdAt.toISOString(),
  }));
}
