/** Operators create, list and end promotion codes (/api/internal/promo-codes). */
import { desc, eq, sql } from 'drizzle-orm';
import type { NewPromoCode } from '@/contracts/promotions';
import { Conflict, NotFound } from '@/domain/errors';
import type { Db } from '@/server/db';
import { type PromoCodeRow, promoCodes, promoRedemptions } from './schema';

export interface PromoCodeSummary extends Omit<PromoCodeRow, 'startsAt' | 'endsAt' | 'endedAt' | 'createdAt'> {
  startsAt: string;
  endsAt: string | null;
  endedAt: string | null;
  /** What its uses took off orders, in pence (from the redemptions ledger). */
  discountGivenMinor: number;
}

function summaryOf(row: PromoCodeRow, discountGivenMinor = 0): PromoCodeSummary {
  const { createdAt: _created, ...rest } = row;
  return {
    ...rest,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    discountGivenMinor,
  };
}

/** Creates a code; a code already taken is a Conflict. */
export async function createPromoCode(
  db: Db,
  input: Omit<NewPromoCode, 'audience'> & { audience?: NewPromoCode['audience'] },
  now: Date,
): Promise<PromoCodeSummary> {
  const [row] = await db
    .insert(promoCodes)
    .values({
      code: input.code,
      kind: input.kind,
      percentOff: input.kind === 'percent' ? (input.percentOff ?? null) : null,
      amountOffMinor: input.kind === 'fixed' ? (input.amountOffMinor ?? null) : null,
      currency: input.currency,
      minSpendMinor: input.minSpendMinor,
      maxUses: input.maxUses,
      perUserLimit: input.perUserLimit,
      startsAt: input.startsAt ? new Date(input.startsAt) : now,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      categoryIds: input.categoryIds,
      subCategoryIds: input.subCategoryIds,
      firstOrderOnly: input.firstOrderOnly,
      audience: input.audience ?? 'all',
      description: input.description,
    })
    .onConflictDoNothing()
    .returning();
  if (row === undefined) throw new Conflict(`The code ${input.code} already exists`);
  return summaryOf(row);
}

/** Ends a code now (it stays in the ledger); a code already ended keeps its first end. */
export async function endPromoCode(db: Db, id: number, now: Date): Promise<PromoCodeSummary> {
  const [row] = await db
    .update(promoCodes)
    .set({ endedAt: sql`coalesce(${promoCodes.endedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(promoCodes.id, id))
    .returning();
  if (row === undefined) throw new NotFound('No promo code with that id');
  return summaryOf(row);
}

/** Every code, newest first, with what its uses took off. */
export async function listPromoCodes(db: Db): Promise<PromoCodeSummary[]> {
  const rows = await db
    .select({
      code: promoCodes,
      given: sql<string>`coalesce((select sum(${promoRedemptions.discountMinor}) from ${promoRedemptions}
        where ${promoRedemptions.promoCodeId} = ${promoCodes.id}), 0)`,
    })
    .from(promoCodes)
    .orderBy(desc(promoCodes.id))
    .limit(500);
  return rows.map((row) => summaryOf(row.code, Number(row.given)));
}
