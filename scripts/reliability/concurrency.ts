/**
 * The concurrency rows of `npm run test:reliability` (docs/decisions/032): races run against the built shop
 * over its real endpoints and actions, every request of a race sent at once (one Promise.all of
 * fetches, each buyer or device with its own cookies), then the database read to see what stuck:
 *  - 200 guest buyers on an option with 50 left: exactly 50 orders and vouchers, every loser told the
 *    option has just sold out, and how many cards were authorised and voided (stock is held first);
 *  - 150 buyers on a promotion code with 100 uses: exactly 100 uses and 100 discounted orders, every
 *    loser told the code is used up before their card is touched (the use is held first), so 100
 *    cards authorised and none voided;
 *  - one member's loyalty points exchanged from two devices at once: one exchange, one wallet credit;
 *  - one gift claimed by two accounts at once: one claim, its vouchers with one owner;
 *  - one voucher redeemed at two tills of its merchant at once: one Redeemed, two audit rows.
 * Each race is its own row; a race that throws is a failed row, and the next race still runs.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, like } from 'drizzle-orm';
import { notEnoughLeftMessage } from '@/domain/checkout-copy';
import { formatGiftCode } from '@/domain/gifting';
import { exchangeValueMinor, levelFor } from '@/domain/loyalty';
import { MESSAGES } from '@/domain/messages';
import { PROMO_MESSAGES } from '@/domain/promotions';
import { REDEEM_COPY } from '@/domain/redemption';
import { hashPassword } from '@/server/accounts';
import type { Db } from '@/server/db';
import {
  deals,
  gifts,
  loyaltyAccounts,
  loyaltyActivities,
  merchantUsers,
  orders,
  promoCodes,
  promoRedemptions,
  users,
  voucherRedemptions,
  voucherStatusChanges,
  vouchers,
  walletEntries,
} from '@/server/db/schema';
import { GIFT_MESSAGES } from '@/server/gifting';
import {
  createBuyers,
  type LimitedDeal,
  prepareLimitedDeal,
  type ScenarioBuyer,
  tallyRush,
} from '../../tests/fixtures/purchase-scenario';
import { insertTestOrder } from '../../tests/integration/commerce-fixtures';
import { PASSWORD } from './fixtures';

export interface ConcurrencyRun {
  origin: string;
  /** The run's database (the shop's own), read after each race. */
  db: Db;
  operatorToken: string;
  /** Signs in through the login API; answers the session's Cookie header. */
  signIn: (email: string) => Promise<string>;
  row: (area: string, check: string, ok: boolean, result: string) => void;
}

/** The races' sizes: 200 buyers on a cap of 50; 150 uses of a 100-use code (docs/decisions/032). */
const RUSH = { buyers: 200, stock: 50 };
const PROMO = { buyers: 150, uses: 100 };
/**
 * The two-device races are milliseconds of database work each, so they run several rounds (a new
 * gift or voucher each, the points topped up; the sign-ins are reused) for their overlap to be sure.
 */
const LOYALTY_ROUNDS = 6;
const ROUNDS = 3;
/** The sandbox's reusable Visa test nonce (sandbox/test-data.ts). */
const VISA_NONCE = 'fake-valid-visa-nonce';

interface Answer {
  status: number;
  body: string;
}

/** Runs every race in turn, each a row of area "concurrency". */
export async function concurrency(run: ConcurrencyRun): Promise<void> {
  const races: [string, (run: ConcurrencyRun) => Promise<{ ok: boolean; result: string }>][] = [
    [`${RUSH.buyers} buyers at once on an option with ${RUSH.stock} left`, purchaseRush],
    [`${PROMO.buyers} orders at once with a ${PROMO.uses}-use promo code`, promoRush],
    [`one member exchanges the same points on two devices at once, ${LOYALTY_ROUNDS} rounds`, loyaltyRace],
    [`one gift claimed by two accounts at once, ${ROUNDS} gifts`, giftRace],
    [`one voucher redeemed at two tills of its merchant at once, ${ROUNDS} vouchers`, redeemRace],
  ];
  for (const [check, race] of races) {
    const started = performance.now();
    try {
      const { ok, result } = await race(run);
      run.row('concurrency', check, ok, `${result} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    } catch (error) {
      run.row('concurrency', check, false, `stopped: ${(error as Error).message.slice(0, 200)}`);
    }
  }
}

// ── HTTP ─────────────────────────────────────────────────────────────────────────────────────────
async function post(run: ConcurrencyRun, path: string, headers: Record<string, string>, body: string) {
  const response = await fetch(run.origin + path, {
    method: 'POST',
    headers: { origin: run.origin, ...headers },
    body,
    redirect: 'manual',
  });
  return { status: response.status, body: await response.text() };
}

const postJson = (run: ConcurrencyRun, path: string, cookie: string, body: unknown, key?: string) =>
  post(
    run,
    path,
    {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    JSON.stringify(body),
  );

/** An Astro Action posted as its form posts it. */
const postForm = (run: ConcurrencyRun, action: string, cookie: string, fields: Record<string, string>) =>
  post(
    run,
    `/_actions/${action}`,
    { 'content-type': 'application/x-www-form-urlencoded', cookie },
    new URLSearchParams(fields).toString(),
  );

/** A field of a JSON answer (a refusal's message or reason, an action error's message), or ''. */
function fieldOf(answer: Answer, field: 'message' | 'reason'): string {
  try {
    const value = (JSON.parse(answer.body) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
const messageOf = (answer: Answer) => fieldOf(answer, 'message');

/** "3× 409 …" for the refusals that were not the expected one (at most three kinds). */
function describeOthers(answers: Answer[]): string {
  const kinds = new Map<string, number>();
  for (const answer of answers) {
    const key = `${answer.status} ${(messageOf(answer) || answer.body).slice(0, 90)}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  return [...kinds]
    .slice(0, 3)
    .map(([kind, n]) => `${n}× ${kind}`)
    .join('; ');
}

// ── fixtures ─────────────────────────────────────────────────────────────────────────────────────
/** A registered account with the fixtures' password, to sign in as. */
async function makeAccount(db: Db, label: string): Promise<{ id: number; email: string }> {
  const tag = randomBytes(4).toString('hex');
  const [user] = await db
    .insert(users)
    .values({
      email: `${label}-${tag}@example.co.uk`,
      firstName: `${label}${tag}`,
      lastName: 'Racer',
      customerToken: `cust_${randomBytes(12).toString('hex')}`,
      isRegistered: true,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning({ id: users.id, email: users.email });
  if (!user) throw new Error('user insert failed');
  return user;
}

/**
 * Every buyer pays for their basket at once, as a guest checkout does: their own basket cookie, their
 * own Idempotency-Key (`keyPrefix` + index), their email, the sandbox's Visa nonce.
 */
function payAll(
  run: ConcurrencyRun,
  buyers: readonly ScenarioBuyer[],
  totalMinor: number,
  keyPrefix: string,
  promoCode?: string,
): Promise<Answer[]> {
  return Promise.all(
    buyers.map((buyer, i) =>
      postJson(
        run,
        '/api/v1/pay',
        `basket_token=${buyer.basketToken}`,
        {
          totalOrderAmount: totalMinor,
          walletUsed: 0,
          cashAmount: totalMinor,
          paymentMethod: 'credit_card',
          nonce: VISA_NONCE,
          billingPostcode: 'LS1 4AP',
          email: buyer.user.email,
          ...(promoCode ? { promoCode } : {}),
        },
        `${keyPrefix}${i}`,
      ),
    ),
  );
}

async function headlineOf(db: Db, deal: LimitedDeal): Promise<string> {
  const [row] = await db.select({ headline: deals.headline }).from(deals).where(eq(deals.id, deal.dealId));
  return row?.headline ?? '';
}

// ── the races ────────────────────────────────────────────────────────────────────────────────────
/**
 * Through the shop: exactly the stock sold (docs/decisions/012), losers refused before their card is
 * touched (stock is held before authorising, docs/decisions/026).
 */
async function purchaseRush(run: ConcurrencyRun) {
  const { db } = run;
  const deal = await prepareLimitedDeal(db, RUSH.stock);
  const buyers = await createBuyers(db, deal, RUSH.buyers, { prefix: `rush-${randomBytes(3).toString('hex')}` });
  const keyPrefix = `reliability-rush-${randomBytes(4).toString('hex')}-`;
  const answers = await payAll(run, buyers, deal.unitTotalMinor, keyPrefix);
  const tally = await tallyRush(db, deal, keyPrefix);

  const won = answers.filter((a) => a.status === 201).length;
  const soldOut = notEnoughLeftMessage(await headlineOf(db, deal), 0);
  const refused = answers.filter((a) => a.status === 409 && messageOf(a) === soldOut).length;
  const others = answers.filter((a) => a.status !== 201 && !(a.status === 409 && messageOf(a) === soldOut));
  const ok =
    won === RUSH.stock &&
    tally.sold === RUSH.stock &&
    tally.vouchers === RUSH.stock &&
    tally.stockLeft === 0 &&
    refused === RUSH.buyers - RUSH.stock &&
    tally.settled === RUSH.stock &&
    tally.heldWithoutOrder === 0 &&
    tally.holdsLeft === 0;
  const result =
    `${tally.sold} sold of ${RUSH.buyers} (${tally.vouchers} vouchers, ${tally.stockLeft} left); ` +
    `${refused} told "sold out"; ${tally.authorised} authorised, ${tally.voided} voided, ` +
    `${tally.heldWithoutOrder} held without an order` +
    (others.length ? `; other answers: ${describeOthers(others)}` : '');
  return { ok, result };
}

/**
 * A code with N uses is used N times however many orders race for it (docs/decisions/021), and only
 * the N winners' cards are authorised: each submit holds its use before authorising
 * (docs/decisions/044), so a loser is refused before its card is touched and nothing is voided.
 */
async function promoRush(run: ConcurrencyRun) {
  const { db } = run;
  const code = `RACE${randomBytes(4).toString('hex').toUpperCase()}`;
  // Created as an operator does: the internal endpoint with the operator's bearer token.
  const created = await post(
    run,
    '/api/internal/promo-codes',
    { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${run.operatorToken}` },
    JSON.stringify({ code, kind: 'fixed', amountOffMinor: 100, maxUses: PROMO.uses, perUserLimit: 1 }),
  );
  if (created.status !== 201) throw new Error(`creating the code answered ${created.status}: ${created.body}`);

  const deal = await prepareLimitedDeal(db, 10_000);
  const buyers = await createBuyers(db, deal, PROMO.buyers, { prefix: `promo-${randomBytes(3).toString('hex')}` });
  // The total the checkout shows with the code applied (every basket is the same one unit).
  const first = buyers[0] as ScenarioBuyer;
  const checkout = await fetch(`${run.origin}/api/v1/checkout?promoCode=${code}`, {
    headers: { cookie: `basket_token=${first.basketToken}`, accept: 'application/json' },
  });
  const view = (await checkout.json()) as {
    orderSummary?: { totalOrderAmount: number };
    promoCode?: { applicable: boolean; message: string };
  };
  if (!view.orderSummary || view.promoCode?.applicable !== true) {
    throw new Error(`the checkout did not apply the code (${checkout.status}: ${JSON.stringify(view).slice(0, 200)})`);
  }
  const keyPrefix = `reliability-promo-${randomBytes(4).toString('hex')}-`;
  const answers = await payAll(run, buyers, view.orderSummary.totalOrderAmount, keyPrefix, code);
  const tally = await tallyRush(db, deal, keyPrefix);

  const [stored] = await db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const [redeemed] = await db
    .select({ n: count() })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.promoCodeId, stored?.id ?? -1));
  const [discounted] = await db
    .select({ n: count() })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(and(eq(promoRedemptions.promoCodeId, stored?.id ?? -1), like(orders.idempotencyKey, `${keyPrefix}%`)));
  const redemptions = Number(redeemed?.n ?? 0);
  const won = answers.filter((a) => a.status === 201).length;
  // A loser is told the code is used up before its card is touched. Told so after authorising (PAYMENTS.md's
  // "order not placed" with the reason, the authorisation voided) is what holding the use first ended,
  // so it is counted apart and fails the row.
  const beforeCard = (a: Answer) => a.status === 409 && messageOf(a) === PROMO_MESSAGES.usedUp;
  const afterCard = (a: Answer) =>
    a.status === 409 &&
    messageOf(a) === MESSAGES.paymentProblemOrderNotPlaced &&
    fieldOf(a, 'reason') === PROMO_MESSAGES.usedUp;
  const usedUp = answers.filter(beforeCard).length;
  const usedUpAfterCard = answers.filter(afterCard).length;
  const others = answers.filter((a) => a.status !== 201 && !beforeCard(a) && !afterCard(a));
  const ok =
    redemptions === PROMO.uses &&
    stored?.usesCount === PROMO.uses &&
    Number(discounted?.n ?? 0) === PROMO.uses &&
    won === PROMO.uses &&
    tally.sold === PROMO.uses &&
    usedUp === PROMO.buyers - PROMO.uses &&
    usedUpAfterCard === 0 &&
    tally.settled === PROMO.uses &&
    tally.authorised === PROMO.uses &&
    tally.voided === 0 &&
    tally.heldWithoutOrder === 0 &&
    tally.holdsLeft === 0;
  const result =
    `${redemptions} redemptions of ${PROMO.uses} (uses counted ${stored?.usesCount}); ${tally.sold} orders; ` +
    `${usedUp} told "used up" before their card was touched` +
    (usedUpAfterCard ? `, ${usedUpAfterCard} after authorising` : '') +
    `; ${tally.authorised} authorised, ${tally.voided} voided, ${tally.heldWithoutOrder} held without an order` +
    (others.length ? `; other answers: ${describeOthers(others)}` : '');
  return { ok, result };
}

/**
 * Two devices exchange all of one member's points at once; the wallet grows once (docs/decisions/027). The
 * exchange is a few milliseconds of database work, so the race is run several rounds (the points
 * topped up between them), each device on the rewards page's form or the app's API call in turn:
 * every round must make exactly one exchange.
 */
async function loyaltyRace(run: ConcurrencyRun) {
  const { db } = run;
  const POINTS = 1000;
  const member = await makeAccount(db, 'loyal');
  await db.insert(loyaltyAccounts).values({ userId: member.id, currentPoints: 0, lifetimePoints: POINTS });
  const devices = [await run.signIn(member.email), await run.signIn(member.email)];
  if (devices[0] === devices[1]) throw new Error('the two sign-ins share one session');
  const viaForm = (cookie: string) =>
    postForm(run, 'exchangePoints', cookie, { points: String(POINTS), requestKey: randomBytes(8).toString('hex') });
  const viaApi = (cookie: string) =>
    postJson(run, `/api/v1/reward/exchange-points/${POINTS}`, cookie, {}, randomBytes(16).toString('hex'));
  const ways = [
    [viaForm, viaForm],
    [viaApi, viaApi],
    [viaForm, viaApi],
  ] as const;
  let cleanRounds = 0;
  let pointsLeftWrong = 0;
  const others: Answer[] = [];
  for (let round = 0; round < LOYALTY_ROUNDS; round += 1) {
    await db.update(loyaltyAccounts).set({ currentPoints: POINTS }).where(eq(loyaltyAccounts.userId, member.id));
    const [first, second] = ways[round % ways.length] ?? ways[0];
    const answers = await Promise.all([first(devices[0] ?? ''), second(devices[1] ?? '')]);
    const won = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 400 && messageOf(a) === MESSAGES.notEnoughPoints).length;
    if (won === 1 && refused === 1) cleanRounds += 1;
    others.push(...answers.filter((a) => a.status !== 200 && messageOf(a) !== MESSAGES.notEnoughPoints));
    const [account] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, member.id));
    if (account?.currentPoints !== 0) pointsLeftWrong += 1;
  }

  const [exchanges] = await db
    .select({ n: count() })
    .from(loyaltyActivities)
    .where(and(eq(loyaltyActivities.userId, member.id), eq(loyaltyActivities.kind, 'exchange')));
  const credits = await db
    .select({ amountMinor: walletEntries.amountMinor })
    .from(walletEntries)
    .where(eq(walletEntries.userId, member.id));
  const creditedMinor = credits.reduce((sum, c) => sum + c.amountMinor, 0);
  const expectedMinor = LOYALTY_ROUNDS * exchangeValueMinor(POINTS, levelFor(POINTS));
  const ok =
    cleanRounds === LOYALTY_ROUNDS &&
    pointsLeftWrong === 0 &&
    Number(exchanges?.n ?? 0) === LOYALTY_ROUNDS &&
    credits.length === LOYALTY_ROUNDS &&
    creditedMinor === expectedMinor;
  const result =
    `${cleanRounds} of ${LOYALTY_ROUNDS} rounds made one exchange and told the other device "${MESSAGES.notEnoughPoints}"; ` +
    `${exchanges?.n} exchanges, wallet credited ${credits.length}× (${creditedMinor}p of ${expectedMinor}p)` +
    (pointsLeftWrong ? `; points wrong after ${pointsLeftWrong} rounds` : '') +
    (others.length ? `; other answers: ${describeOthers(others)}` : '');
  return { ok, result };
}

/**
 * Two accounts claim one gift at once, /mygift's form on one and the gift-redeem endpoint on the
 * other (swapped each round): one claim wins, the gift's vouchers have one owner (docs/decisions/028).
 */
async function giftRace(run: ConcurrencyRun) {
  const { db } = run;
  const sender = await makeAccount(db, 'sender');
  const deal = await prepareLimitedDeal(db, 10_000);
  const claimers = [await makeAccount(db, 'alice'), await makeAccount(db, 'bob')];
  const cookies = [await run.signIn(claimers[0]?.email ?? ''), await run.signIn(claimers[1]?.email ?? '')];
  let clean = 0;
  let vouchersMoved = 0;
  const others: Answer[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const { order, vouchers: issued } = await insertTestOrder(db, {
      userId: sender.id,
      dealId: deal.dealId,
      quantity: 2,
    });
    const lineId = issued[0]?.orderLineId;
    if (lineId === undefined) throw new Error('the gifted order issued no voucher');
    const code = formatGiftCode(randomBytes(12), 'GIFT');
    await db.insert(gifts).values({
      orderId: order.id,
      orderLineId: lineId,
      senderUserId: sender.id,
      code,
      recipientName: 'Alice',
      recipientEmail: claimers[0]?.email ?? '',
      sendOn: new Date().toISOString().slice(0, 10),
      mailedAt: new Date(),
    });
    const viaForm = (cookie: string) => postForm(run, 'claimGift', cookie, { code });
    const viaApi = (cookie: string) => postJson(run, '/api/v1/deal/gift-redeem', cookie, { code });
    const [a, b] = round % 2 === 0 ? [viaForm, viaApi] : [viaApi, viaForm];
    const answers = await Promise.all([a(cookies[0] ?? ''), b(cookies[1] ?? '')]);
    const won = answers.filter((x) => x.status === 200).length;
    const refused = answers.filter((x) => x.status === 409 && messageOf(x) === GIFT_MESSAGES.alreadyClaimed).length;
    others.push(...answers.filter((x) => x.status !== 200 && messageOf(x) !== GIFT_MESSAGES.alreadyClaimed));

    const [gift] = await db.select().from(gifts).where(eq(gifts.code, code));
    const owners = await db
      .selectDistinct({ userId: vouchers.userId })
      .from(vouchers)
      .where(eq(vouchers.orderLineId, lineId));
    const winner = gift?.claimedByUserId ?? null;
    const oneOwner = owners.length === 1 && owners[0]?.userId === winner;
    if (oneOwner) vouchersMoved += issued.length;
    if (won === 1 && refused === 1 && winner !== null && claimers.some((c) => c.id === winner) && oneOwner) clean += 1;
  }
  const result =
    `${clean} of ${ROUNDS} gifts claimed once, the other account told "${GIFT_MESSAGES.alreadyClaimed}"; ` +
    `${vouchersMoved} vouchers, each gift's with one owner, its claimer` +
    (others.length ? `; other answers: ${describeOthers(others)}` : '');
  return { ok: clean === ROUNDS, result };
}

/**
 * Two tills of the merchant redeem one voucher at once: one Redeemed, one refused, both audited
 * (docs/decisions/024).
 */
async function redeemRace(run: ConcurrencyRun) {
  const { db } = run;
  const deal = await prepareLimitedDeal(db, 10_000);
  const [row] = await db.select({ merchantId: deals.merchantId }).from(deals).where(eq(deals.id, deal.dealId));
  const merchantId = row?.merchantId;
  if (merchantId === undefined) throw new Error('the deal has no merchant');
  const customer = await makeAccount(db, 'customer');
  const { vouchers: issued } = await insertTestOrder(db, {
    userId: customer.id,
    dealId: deal.dealId,
    quantity: ROUNDS,
  });
  const tills = [await makeAccount(db, 'till-a'), await makeAccount(db, 'till-b')];
  await db.insert(merchantUsers).values(tills.map((till) => ({ merchantId, userId: till.id, role: 'staff' as const })));
  const cookies = [await run.signIn(tills[0]?.email ?? ''), await run.signIn(tills[1]?.email ?? '')];
  let clean = 0;
  let auditRows = 0;
  let statusChanges = 0;
  const others: Answer[] = [];
  for (const voucher of issued) {
    const answers = await Promise.all(
      cookies.map((cookie) =>
        postForm(run, 'redeemVoucher', cookie, {
          merchantId: String(merchantId),
          code: voucher.code,
          securityCode: voucher.securityCode,
          method: 'typed',
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409 && messageOf(a) === REDEEM_COPY.alreadyRedeemed).length;
    others.push(...answers.filter((a) => a.status !== 200 && messageOf(a) !== REDEEM_COPY.alreadyRedeemed));

    const [stored] = await db.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, voucher.id));
    const audit = await db
      .select({ outcome: voucherRedemptions.outcome })
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    const [changes] = await db
      .select({ n: count() })
      .from(voucherStatusChanges)
      .where(and(eq(voucherStatusChanges.voucherId, voucher.id), eq(voucherStatusChanges.toStatus, 'redeemed')));
    auditRows += audit.length;
    statusChanges += Number(changes?.n ?? 0);
    const outcomes = audit.map((a) => a.outcome).sort();
    if (
      won === 1 &&
      refused === 1 &&
      stored?.status === 'redeemed' &&
      outcomes.join() === 'already_redeemed,redeemed' &&
      Number(changes?.n ?? 0) === 1
    )
      clean += 1;
  }
  const result =
    `${clean} of ${issued.length} vouchers Redeemed once, the other till told "already redeemed"; ` +
    `${auditRows} audit rows (redeemed and already_redeemed each), ${statusChanges} status changes to redeemed` +
    (others.length ? `; other answers: ${describeOthers(others)}` : '');
  return { ok: clean === ROUNDS && issued.length === ROUNDS, result };
}
