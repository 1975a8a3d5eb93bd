/**
 * Sponsored deals in search (docs/decisions/030; spec 3, 4, 7). The public face of
 * src/server/sponsored: which ads a search shows, a visitor's sponsored session, and the
 * impressions and clicks it records. spec 7: a sponsored call's failure is logged and answers
 * false; it never breaks a page.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DealSummary } from '@/contracts/deal';
import { SPONSORED_PER_SEARCH, type SponsoredDeal, type SponsoredEvent, sponsoredUrl } from '@/contracts/sponsored';
import { NotFound } from '@/domain/errors';
import { listDealsByIds } from '@/server/catalog';
import type { Db } from '@/server/db';
import { logWarning } from '@/server/log';
import { sponsoredDeals, sponsoredEvents, sponsoredSessions } from './schema';

export { sponsoredDeals, sponsoredEvents, sponsoredSessions } from './schema';

/** The words of a search, lower-cased (what an ad's keywords are matched against). */
function wordsOf(q: string): string[] {
  return [...new Set(q.toLowerCase().match(/[a-z0-9]+/g) ?? [])];
}

/** A sponsored deal on a search page: the card's deal (its link the sponsored one) and the spec 3 entry. */
export interface SponsoredCard {
  deal: DealSummary;
  entry: SponsoredDeal;
}

/**
 * The sponsored deals a search shows (at most SPONSORED_PER_SEARCH): active ads with a keyword the
 * search names, whose deal is live, newest ad first. A failure is logged and shows none.
 */
export async function sponsoredForSearch(db: Db, q: string): Promise<SponsoredCard[]> {
  const words = wordsOf(q);
  if (words.length === 0) return [];
  try {
    const ads = await db
      .select({ adId: sponsoredDeals.adId, dealId: sponsoredDeals.dealId })
      .from(sponsoredDeals)
      .where(
        and(
          eq(sponsoredDeals.active, true),
          sql`${sponsoredDeals.keywords} && array[${sql.join(
            words.map((word) => sql`${word}`),
            sql`, `,
          )}]::text[]`,
        ),
      )
      .orderBy(sql`${sponsoredDeals.createdAt} desc`, sponsoredDeals.adId)
      .limit(SPONSORED_PER_SEARCH * 4);
    const live = new Map((await listDealsByIds(db, [...new Set(ads.map((ad) => ad.dealId))])).map((d) => [d.id, d]));
    const cards: SponsoredCard[] = [];
    for (const ad of ads) {
      const deal = live.get(ad.dealId);
      if (!deal || deal.isSoldOut || cards.some((card) => card.deal.id === deal.id)) continue;
      const urlPath = sponsoredUrl(deal.url, ad.adId);
      cards.push({
        deal: { ...deal, url: urlPath },
        entry: { id: deal.id, adId: ad.adId, urlPath, isSponsored: true },
      });
      if (cards.length === SPONSORED_PER_SEARCH) break;
    }
    return cards;
  } catch (error) {
    logWarning('sponsored', 'sponsored deals unavailable', error);
    return [];
  }
}

/**
 * spec 7 POST sponsored session: the browser's own session again (tied to the customer when one is
 * given), or a new one when it has none or an unknown id.
 */
export async function startSponsoredSession(
  db: Db,
  request: { sessionId?: string; customerToken?: string | null },
): Promise<string> {
  const customerToken = request.customerToken ?? null;
  if (request.sessionId !== undefined) {
    const [kept] = await db
      .update(sponsoredSessions)
      .set(customerToken === null ? { updatedAt: sql`now()` } : { customerToken, updatedAt: sql`now()` })
      .where(eq(sponsoredSessions.id, request.sessionId))
      .returning({ id: sponsoredSessions.id });
    if (kept) return kept.id;
  }
  const id = randomBytes(16).toString('base64url');
  await db.insert(sponsoredSessions).values({ id, customerToken });
  return id;
}

/**
 * spec 7 POST sponsored event: records each (adId, dealId) pair of the session's impressions or
 * clicks, in one statement. A pair with no sponsored deal entry is left out and logged (spec 8
 * "no sponsored deal entry for: {id}"). Answers how many were recorded.
 */
export async function recordSponsoredEvent(db: Db, event: SponsoredEvent): Promise<{ recorded: number }> {
  const [session] = await db
    .select({ id: sponsoredSessions.id })
    .from(sponsoredSessions)
    .where(eq(sponsoredSessions.id, event.sessionId));
  if (!session) throw new NotFound('No sponsored session has this id.');
  const entries = await db
    .select({ adId: sponsoredDeals.adId, dealId: sponsoredDeals.dealId })
    .from(sponsoredDeals)
    .where(inArray(sponsoredDeals.adId, event.adIds));
  const known = new Set(entries.map((entry) => `${entry.adId}:${entry.dealId}`));
  const rows = event.dealIds.flatMap((dealId, index) => {
    const adId = event.adIds[index] ?? '';
    if (known.has(`${adId}:${dealId}`)) return [{ sessionId: session.id, adId, dealId, type: event.type }];
    logWarning('sponsored', `no sponsored deal entry for: ${dealId}`, null);
    return [];
  });
  if (rows.length > 0) await db.insert(sponsoredEvents).values(rows);
  return { recorded: rows.length };
}

/** How many impressions and clicks an ad has (the operator's figures; tests). */
export async function countSponsoredEvents(db: Db, adId: string): Promise<{ impression: number; click: number }> {
  const rows = await db
    .select({ type: sponsoredEvents.type, count: sql<number>`count(*)::int` })
    .from(sponsoredEvents)
    .where(eq(sponsoredEvents.adId, adId))
    .groupBy(sponsoredEvents.type);
  const count = (type: string) => rows.find((row) => row.type === type)?.count ?? 0;
  return { impression: count('impression'), click: count('click') };
}

/** Puts an ad on a deal for the given keywords (the seed and tests; an operator tool later). */
export async function addSponsoredDeal(
  db: Db,
  ad: { adId: string; dealId: number; keywords: string[] },
): Promise<void> {
  await db
    .insert(sponsoredDeals)
    .values({ ...ad, keywords: ad.keywords.map((word) => word.toLowerCase()) })
    .onConflictDoNothing();
}
