/**
 * The loyalty club service (docs/decisions/027; spec 3 Loyalty status, 5 Loyalty exchange, 7
 * /reward/*). Points are written as one activity row plus the account's totals in one transaction;
 * every activity has a unique key, so an order, a refund, an exchange or a day's view of a deal
 * counts once however often it is retried. Points from orders arrive after commit through the
 * `loyalty-points` subscriber of `order.placed`; a refund takes them back through its subscriber of
 * `voucher.refunded` (./subscribers).
 */
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { Invalid } from '@/domain/errors';
import {
  type EngagementKind,
  engagementAward,
  exchangeRefusal,
  exchangeValueMinor,
  type LoyaltyStatus,
  levelFor,
  loyaltyStatus,
  pointsForSpend,
} from '@/domain/loyalty';
import { takeBackDue, takeBackFrom } from '@/domain/refund-money';
import { walletCreditExpiry } from '@/domain/wallet';
import type { Db, Tx } from '@/server/db';
import type { VoucherRefunded } from '@/server/events';
import { orders } from '@/server/orders/schema';
import { creditWallet } from '@/server/wallet';
import { loyaltyAccounts, loyaltyActivities } from './schema';

type DbOrTx = Db | Tx;

interface Activity {
  userId: number;
  kind: (typeof loyaltyActivities.$inferInsert)['kind'];
  points: number;
  lifetimePoints: number;
  description: string;
  uniqueKey: string;
  orderId?: number | null;
  dealId?: number | null;
  walletEntryId?: number | null;
  shortfallPoints?: number;
}

/** Writes one activity and moves the account's totals, once per key; false when the key was seen. */
async function record(tx: Tx, activity: Activity, now: Date): Promise<boolean> {
  const [row] = await tx
    .insert(loyaltyActivities)
    .values({ ...activity, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: loyaltyActivities.id });
  if (row === undefined) return false;
  await tx
    .insert(loyaltyAccounts)
    .values({
      userId: activity.userId,
      currentPoints: activity.points,
      lifetimePoints: activity.lifetimePoints,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: loyaltyAccounts.userId,
      set: {
        currentPoints: sql`${loyaltyAccounts.currentPoints} + ${activity.points}`,
        lifetimePoints: sql`${loyaltyAccounts.lifetimePoints} + ${activity.lifetimePoints}`,
        updatedAt: now,
      },
    });
  return true;
}

/** A member's points (zero for someone who never earned any). */
export async function retrievePoints(
  db: DbOrTx,
  userId: number,
): Promise<{ currentPoints: number; lifetimePoints: number }> {
  const [row] = await db
    .select({ currentPoints: loyaltyAccounts.currentPoints, lifetimePoints: loyaltyAccounts.lifetimePoints })
    .from(loyaltyAccounts)
    .where(eq(loyaltyAccounts.userId, userId));
  return row ?? { currentPoints: 0, lifetimePoints: 0 };
}

/** spec 3 Loyalty status of a member. */
export async function retrieveLoyaltyStatus(db: DbOrTx, userId: number): Promise<LoyaltyStatus> {
  return loyaltyStatus(await retrievePoints(db, userId));
}

/** One line of the activity history (spec 3 loyaltyActivityDescriptions). */
export interface LoyaltyActivityView {
  id: number;
  kind: Activity['kind'];
  points: number;
  description: string;
  at: Date;
}

/** The member's activity, newest first. */
export async function listLoyaltyActivity(db: Db, userId: number, limit = 50): Promise<LoyaltyActivityView[]> {
  return db
    .select({
      id: loyaltyActivities.id,
      kind: loyaltyActivities.kind,
      points: loyaltyActivities.points,
      description: loyaltyActivities.description,
      at: loyaltyActivities.createdAt,
    })
    .from(loyaltyActivities)
    .where(eq(loyaltyActivities.userId, userId))
    .orderBy(desc(loyaltyActivities.createdAt), desc(loyaltyActivities.id))
    .limit(limit);
}

/**
 * Run by the `loyalty-points` subscriber of `order.placed`: points for what the order cost, once
 * per order. Returns the points given.
 */
export async function awardOrderPoints(
  db: Db,
  orderId: number,
  now: Date = new Date(),
  /** The order's buyer and total as its `order.placed` event carries them (docs/decisions/072). */
  placed?: { userId: number; totalMinor: number },
): Promise<number> {
  // An older event carries neither: the order says who bought and for how much.
  const [buyer] =
    placed === undefined
      ? await db
          .select({ userId: orders.userId, totalMinor: orders.totalMinor })
          .from(orders)
          .where(eq(orders.id, orderId))
      : [placed];
  if (buyer === undefined) return 0;
  const recorded = await awardPlacedOrdersPoints(db, [{ orderId, ...buyer }], now);
  return recorded.has(orderId) ? pointsForSpend(buyer.totalMinor) : 0;
}

/**
 * `awardOrderPoints` of several orders whose events carry their buyer and total, in ONE statement and
 * no transaction (docs/decisions/072; 075: the drain hands the subscriber every row of its claim): each
 * order's activity is written only while it is still placed (a refunded or cancelled order earns
 * nothing) and only once (its unique key), and each account's totals move by what its new activities
 * earned, all or nothing as one statement is. Returns the orders whose points were recorded now.
 */
export async function awardPlacedOrdersPoints(
  db: Db,
  placed: readonly { orderId: number; userId: number; totalMinor: number }[],
  now: Date = new Date(),
): Promise<Set<number>> {
  const earning = placed.flatMap((order) => {
    const points = pointsForSpend(order.totalMinor);
    return points === 0 ? [] : [sql`(${order.orderId}::int, ${order.userId}::int, ${points}::int)`];
  });
  if (earning.length === 0) return new Set();
  const at = now.toISOString();
  // The accounts' insert is a data-modifying CTE: it runs to completion though the answer reads only
  // the activities.
  const result = await db.execute<{ order_id: number }>(sql`
    with earning (order_id, user_id, points) as (values ${sql.join(earning, sql`, `)}),
    activity as (
      insert into loyalty_activities (user_id, kind, points, lifetime_points, description, unique_key, order_id, created_at)
      select user_id, 'order', points, points, 'Earned on order ' || order_id, 'order:' || order_id, order_id,
        ${at}::timestamptz
      from earning
      where exists (select 1 from orders where orders.id = earning.order_id and orders.status = 'placed')
      on conflict do nothing
      returning order_id, user_id, points
    ),
    earned as (select user_id, sum(points)::int as points from activity group by user_id),
    account as (
      insert into loyalty_accounts (user_id, current_points, lifetime_points, updated_at)
      select user_id, points, points, ${at}::timestamptz from earned
      on conflict (user_id) do update set
        current_points = loyalty_accounts.current_points + excluded.current_points,
        lifetime_points = loyalty_accounts.lifetime_points + excluded.lifetime_points,
        updated_at = excluded.updated_at
    )
    select order_id from activity
  `);
  return new Set(result.rows.map((row) => Number(row.order_id)));
}

/**
 * A refunded voucher takes back its share of the points its order earned (docs/decisions/048): the
 * share of the order refunded so far, the order's last voucher taking what is left, so an order
 * refunded whole gives back exactly what it earned; once per voucher. Current points never go below
 * zero: points already exchanged stay spent, and what could not be taken is noted on the activity
 * (`shortfallPoints`), never taken later and never a debt. Lifetime points, and so the level, go down
 * by the whole share. Returns the share taken back. Run after the refund commits by the
 * `loyalty-points` subscriber of `voucher.refunded`.
 */
export async function reversePointsForRefund(
  db: Db,
  payload: VoucherRefunded,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    // The account row lock orders concurrent refunds of one member.
    await tx.execute(
      sql`select 1 from ${loyaltyAccounts} where ${loyaltyAccounts.userId} = ${payload.userId} for update`,
    );
    const [ledger] = await tx
      .select({
        earned: sql<number>`coalesce(sum(${loyaltyActivities.lifetimePoints}) filter (where ${loyaltyActivities.kind} = 'order'), 0)::int`,
        asked: sql<number>`coalesce(-sum(${loyaltyActivities.lifetimePoints}) filter (where ${loyaltyActivities.kind} = 'refund'), 0)::int`,
      })
      .from(loyaltyActivities)
      .where(and(eq(loyaltyActivities.orderId, payload.orderId), eq(loyaltyActivities.userId, payload.userId)));
    const earned = ledger?.earned ?? 0;
    const asked = ledger?.asked ?? 0;
    let due: number;
    if (payload.orderTotalPence !== undefined && payload.orderRefundedPence !== undefined) {
      due = takeBackDue(
        earned,
        {
          orderTotalMinor: payload.orderTotalPence,
          orderRefundedMinor: payload.orderRefundedPence,
          isLastOfOrder: payload.isLastOfOrder === true,
        },
        asked,
      );
    } else {
      // An event raised before refunds said how far the order had gone: the points its money earned.
      due = Math.min(pointsForSpend(payload.amountPence), Math.max(0, earned - asked));
    }
    if (due <= 0) return 0;
    const { currentPoints } = await retrievePoints(tx, payload.userId);
    const { taken, shortfall } = takeBackFrom(currentPoints, due);
    const done = await record(
      tx,
      {
        userId: payload.userId,
        kind: 'refund',
        points: -taken,
        lifetimePoints: -due,
        shortfallPoints: shortfall,
        description:
          shortfall > 0
            ? `Taken back: voucher ${payload.voucherId} on order ${payload.orderId} refunded (${shortfall} already exchanged)`
            : `Taken back: voucher ${payload.voucherId} on order ${payload.orderId} refunded`,
        uniqueKey: `refund:voucher:${payload.voucherId}`,
        orderId: payload.orderId,
      },
      now,
    );
    return done ? due : 0;
  });
}

/** The day (UTC) a view or share counts for. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Views or shares (`kind`) that earned this member points on the day `day` (UTC), counted under the account's lock. */
async function awardedOn(tx: Tx, userId: number, kind: EngagementKind, day: string): Promise<number> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(loyaltyActivities)
    .where(
      and(
        eq(loyaltyActivities.userId, userId),
        eq(loyaltyActivities.kind, kind),
        gte(loyaltyActivities.createdAt, from),
        lt(loyaltyActivities.createdAt, to),
      ),
    );
  return row?.count ?? 0;
}

/**
 * spec 3 club engagement (POST /reward/viewDeal, /reward/shareDeal, /reward/bulkPublishEvents):
 * points for viewing or sharing a deal, once per deal per kind per day, and for at most
 * ENGAGEMENT_AWARDS_PER_DAY deals of each kind a day (docs/decisions/027 "Points for sharing"), counted under the account
 * row's lock so two batches sent at once cannot pass the limit. Returns the points given.
 */
export async function recordEngagement(
  db: Db,
  userId: number,
  kind: EngagementKind,
  dealId: number,
  now: Date = new Date(),
): Promise<number> {
  const day = dayOf(now);
  const uniqueKey = `${kind}:${userId}:${dealId}:${day}`;
  return db.transaction(async (tx) => {
    // The member's account row is locked while today's awards are counted, so two batches sent at
    // once cannot both pass the day's cap.
    await tx.insert(loyaltyAccounts).values({ userId, updatedAt: now }).onConflictDoNothing();
    await tx.execute(sql`select 1 from ${loyaltyAccounts} where ${loyaltyAccounts.userId} = ${userId} for update`);
    const [seen] = await tx
      .select({ id: loyaltyActivities.id })
      .from(loyaltyActivities)
      .where(eq(loyaltyActivities.uniqueKey, uniqueKey));
    const dealAlreadyCounted = seen !== undefined;
    const awardedToday = dealAlreadyCounted ? 0 : await awardedOn(tx, userId, kind, day);
    const points = engagementAward(kind, { dealAlreadyCounted, awardedToday });
    if (points === 0) return 0;
    const done = await record(
      tx,
      {
        userId,
        kind,
        points,
        lifetimePoints: points,
        description: kind === 'viewDeal' ? `Viewed deal ${dealId}` : `Shared deal ${dealId}`,
        uniqueKey,
        dealId,
      },
      now,
    );
    return done ? points : 0;
  });
}

/** What an exchange did. */
export interface ExchangeResult {
  points: number;
  creditMinor: number;
  /** False when this form key was already used (the first exchange's result stands). */
  isNew: boolean;
}

/**
 * spec 5 Loyalty exchange: these points become wallet credit at the member's level rate, in one
 * transaction (points down, credit up). `requestKey` comes from the form, so a second submit of the
 * same form is the same exchange, never a second one.
 */
export async function exchangePoints(
  db: Db,
  input: { userId: number; points: number; requestKey: string; now?: Date },
): Promise<ExchangeResult> {
  const now = input.now ?? new Date();
  const uniqueKey = `exchange:${input.userId}:${input.requestKey}`;
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ points: loyaltyActivities.points, walletEntryId: loyaltyActivities.walletEntryId })
      .from(loyaltyActivities)
      .where(eq(loyaltyActivities.uniqueKey, uniqueKey));
    await tx.execute(
      sql`select 1 from ${loyaltyAccounts} where ${loyaltyAccounts.userId} = ${input.userId} for update`,
    );
    const points = await retrievePoints(tx, input.userId);
    const level = levelFor(points.lifetimePoints);
    if (seen !== undefined) {
      const spent = -seen.points;
      return { points: spent, creditMinor: exchangeValueMinor(spent, level), isNew: false };
    }
    const refusal = exchangeRefusal(input.points, loyaltyStatus(points));
    if (refusal !== null) throw new Invalid(refusal, { code: 'exchangeRefused' });
    const creditMinor = exchangeValueMinor(input.points, level);
    if (creditMinor <= 0) throw new Invalid(exchangeRefusal(0, loyaltyStatus(points)) ?? 'Too few points to exchange.');
    const entry = await creditWallet(tx, {
      userId: input.userId,
      currency: 'GBP',
      kind: 'marketing',
      amountMinor: creditMinor,
      expiresAt: walletCreditExpiry(now),
      description: `${input.points} loyalty points exchanged at ${level.name}`,
    });
    const done = await record(
      tx,
      {
        userId: input.userId,
        kind: 'exchange',
        points: -input.points,
        lifetimePoints: 0,
        description: `Exchanged ${input.points} points for wallet credit`,
        uniqueKey,
        walletEntryId: entry.id,
      },
      now,
    );
    if (!done) throw new Invalid('This exchange was already made.');
    return { points: input.points, creditMinor, isNew: true };
  });
}
