/**
 * The faults rows of `npm run test:reliability` (docs/decisions/032-reliability-suite-and-csp.md):
 * guest card purchases through the real checkout endpoints of a second shop process (started
 * without a sandbox of its own) whose payment gateway, the run's payment sandbox, is reached through
 * a small fault proxy run here, each purchase checked in the database, the sandbox's transactions
 * (its `sandbox` schema on the same database: docs/decisions/035-sandbox-as-its-own-app.md) and the
 * mail afterwards:
 *  1. the gateway unreachable (its port closed): the spec's message, no order, no authorisation, the basket kept;
 *  2. the gateway slow (its answer held past PAYMENTS_GATEWAY_TIMEOUT_MS, after the sale was made):
 *     the spec's message, no order, and the late authorisation voided by the sweep;
 *  3. the gateway failing after authorisation (the capture refused): the order stands whole, and the
 *     capture retry takes the money (decision 012: a committed order is never voided);
 *  4. the database connections dropped mid-order (the order transaction's backend terminated while it
 *     waits inside the transaction): a clear answer, no half order, the authorisation voided;
 *  5. the shop SIGKILLed mid-checkout (one order committed and waiting on its capture, another
 *     purchase authorised at the gateway and waiting on the answer), then restarted: no half order,
 *     no orphan authorisation after the sweep, the paid order's confirmation mailed exactly once.
 * "The sweep" is the operator's `npm run jobs:hourly` (scripts/jobs/hourly.ts), run once at the end
 * after the clock has moved past ABANDONED_AFTER_SECONDS for this section's payments.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES } from '@/domain/messages';
import type { Db } from '@/server/db';
import { baskets, orderLines, orders, outbox, payments, vouchers } from '@/server/db/schema';
import { ABANDONED_AFTER_SECONDS } from '@/server/orders';
import { transactions as sandboxTransactions } from '../../sandbox/db/schema';
import { prepareLimitedDeal } from '../../tests/fixtures/purchase-scenario';
import { authenticateCard } from './three-d-secure';

export interface FaultsContext {
  root: string;
  db: Db;
  /** The run's throwaway database. */
  databaseUrl: string;
  /** The running shop. */
  origin: string;
  /** The running payment sandbox: the healthy gateway behind the proxy. */
  sandbox: string;
  /** The run's scratch folder (removed by the caller). */
  folder: string;
  /** The first of this section's two ports: the fault shop on it, the gateway proxy on the next. */
  port: number;
  row: (area: string, check: string, ok: boolean, result: string) => void;
}

const AREA = 'faults';
/** How long the fault shop waits for the gateway (PAYMENTS_GATEWAY_TIMEOUT_MS). */
const CLIENT_TIMEOUT_MS = 5000;
/** How late the "slow" gateway answers: past the client's patience. */
const LATE_MS = CLIENT_TIMEOUT_MS + 1500;
/** The fault shop's connections, told apart from the main shop's in pg_stat_activity. */
const APPLICATION_NAME = 'tuppence-reliability-faults';
const CARD = { number: '4111111111111111', expiryMonth: 12, expiryYear: 31, cvv: '737', postcode: 'LS1 4AP' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something, or fails after `ms`. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined> | T | null | undefined,
  ms = 15_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

// ── the gateway proxy: the healthy sandbox gateway, with the network's faults in front ──────────
type SaleRule = 'pass' | 'late' | 'hold';
type CaptureRule = 'pass' | 'fail' | 'hold';

class GatewayProxy {
  sale: SaleRule = 'pass';
  capture: CaptureRule = 'pass';
  /** Sales the gateway made (by idempotency key), whatever then happened to the answer. */
  readonly salesDone = new Set<string>();
  /** Captures that reached the proxy and were held. */
  capturesHeld = 0;
  private readonly server: http.Server;

  constructor(private readonly upstream: string) {
    this.server = http.createServer((req, res) => {
      void this.answer(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(502).end();
      });
    });
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = req.url ?? '/';
    const isSale = url.endsWith('/transactions/sale');
    const isCapture = url.endsWith('/submit_for_settlement');
    if (isCapture && this.capture === 'fail') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Service unavailable"}');
      return;
    }
    if (isCapture && this.capture === 'hold') {
      this.capturesHeld += 1;
      return; // never answered: the caller waits until it times out, or dies
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'content-type', 'accept']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const upstream = await fetch(this.upstream + url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
    });
    const text = await upstream.text();
    const rule = isSale ? this.sale : 'pass';
    if (isSale) {
      const key = (JSON.parse(body.toString() || '{}') as { idempotencyKey?: string }).idempotencyKey;
      if (key) this.salesDone.add(key);
    }
    if (rule === 'hold') return;
    if (rule === 'late') await sleep(LATE_MS);
    if (res.destroyed) return;
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  }
}

// ── the fault shop ───────────────────────────────────────────────────────────────────────────────
class FaultShop {
  private process: ChildProcess | undefined;
  private output = '';
  readonly origin: string;
  readonly mailDir: string;

  constructor(
    private readonly context: FaultsContext,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.origin = `http://127.0.0.1:${context.port}`;
    this.mailDir = String(env.MAIL_DIR);
  }

  async start(): Promise<void> {
    // The shop alone: its gateway is the run's sandbox, behind the proxy.
    const child = spawn(process.execPath, [path.join(this.context.root, 'scripts/start.mjs'), '--no-sandbox'], {
      cwd: this.context.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: this.env,
    });
    this.process = child;
    const log = createWriteStream(path.join(this.context.folder, 'faults-server.log'), { flags: 'a' });
    this.output = '';
    await new Promise<void>((resolve, reject) => {
      const take = (chunk: Buffer) => {
        log.write(chunk);
        this.output = `${this.output}${String(chunk)}`.slice(-20_000);
        if (this.output.includes('• Ready in')) resolve();
      };
      child.stdout?.on('data', take);
      child.stderr?.on('data', take);
      child.once('exit', (code) => reject(new Error(`the fault shop stopped (${code}):\n${this.output.slice(-3000)}`)));
    });
  }

  logTail(): string {
    return this.output.slice(-2000);
  }

  /** SIGKILL: no shutdown hook, no flush, no rollback but PostgreSQL's own. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }
}

// ── a guest's purchase through the real endpoints ───────────────────────────────────────────────
interface Guest {
  label: string;
  cookie: string;
  basketToken: string;
  total: number;
  nonce: string;
  /** The card's 3-D Secure authentication for the basket's total (PAYMENTS.md "3-D Secure 2"). */
  threeDSecureAuthenticationId: string;
  email: string;
  key: string;
}
interface PayAnswer {
  status: number;
  message: string;
  orderId: number | null;
}

function cookieHeader(headers: Headers, previous = ''): string {
  const jar = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair] as const),
  );
  for (const cookie of headers.getSetCookie()) {
    const pair = cookie.split(';')[0] ?? '';
    const name = pair.split('=')[0] ?? '';
    if (pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/**
 * A guest's basket through POST /api/v1/basket, its total from the checkout, a card nonce from the
 * sandbox's tokeniser, authenticated with the card's issuer for that total. `returnOrigin` is the
 * run's main shop: a shop origin the sandbox serves (the fault shop is not one).
 */
async function guestAtCheckout(
  shop: string,
  sandbox: string,
  product: { dealId: number; productId: number },
  label: string,
  returnOrigin: string,
) {
  const created = await fetch(`${shop}/api/v1/basket`, {
    method: 'POST',
    headers: { origin: shop, 'content-type': 'application/json' },
    body: JSON.stringify({ products: [{ dealId: product.dealId, dealProductId: product.productId, quantity: 1 }] }),
    redirect: 'manual',
  });
  if (created.status !== 201) throw new Error(`${label}: POST basket answered ${created.status}`);
  let cookie = cookieHeader(created.headers);
  const basketToken = /basket_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  const view = await fetch(`${shop}/api/v1/checkout`, { headers: { cookie }, redirect: 'manual' });
  if (view.status !== 200) throw new Error(`${label}: checkout answered ${view.status}`);
  cookie = cookieHeader(view.headers, cookie);
  const { orderSummary } = (await view.json()) as { orderSummary: { totalOrderAmount: number } };
  // Server to sandbox, as this run's client: no browser's Origin (the fault shop is not one it serves).
  const tokenised = await fetch(`${sandbox}/bt/tokenize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CARD),
  });
  const { nonce } = (await tokenised.json()) as { nonce?: string };
  if (!nonce) throw new Error(`${label}: the tokeniser answered ${tokenised.status}`);
  const threeDSecureAuthenticationId = await authenticateCard(sandbox, {
    nonce,
    amountMinor: orderSummary.totalOrderAmount,
    returnOrigin,
  }).catch((error: Error) => {
    throw new Error(`${label}: ${error.message}`);
  });
  const tag = randomBytes(4).toString('hex');
  return {
    label,
    cookie,
    basketToken,
    total: orderSummary.totalOrderAmount,
    nonce,
    threeDSecureAuthenticationId,
    email: `faults-${label}-${tag}@example.co.uk`,
    key: `reliability-faults-${label}-${tag}`,
  } satisfies Guest;
}

/** POST /api/v1/pay for the guest; a connection the shop dropped (killed) answers status 0. */
async function pay(shop: string, guest: Guest): Promise<PayAnswer> {
  try {
    const answer = await fetch(`${shop}/api/v1/pay`, {
      method: 'POST',
      headers: { origin: shop, cookie: guest.cookie, 'content-type': 'application/json', 'idempotency-key': guest.key },
      body: JSON.stringify({
        totalOrderAmount: guest.total,
        walletUsed: 0,
        cashAmount: guest.total,
        paymentMethod: 'credit_card',
        nonce: guest.nonce,
        threeDSecureAuthenticationId: guest.threeDSecureAuthenticationId,
        billingPostcode: CARD.postcode,
        email: guest.email,
      }),
      redirect: 'manual',
    });
    const body = (await answer.json().catch(() => ({}))) as { message?: string; productOrder?: { id: number } };
    return { status: answer.status, message: body.message ?? '', orderId: body.productOrder?.id ?? null };
  } catch (error) {
    return { status: 0, message: (error as Error).message, orderId: null };
  }
}

// ── what the database and the sandbox say ───────────────────────────────────────────────────────
interface Money {
  orders: number;
  problems: string[];
  paymentStatus: string | null;
  saleStatus: string | null;
  basketStatus: string | null;
}

/**
 * The money path of one purchase (by its idempotency key): its orders, each whole (lines, a voucher
 * per unit, its payment claimed and of the order's cash amount), its payment row and the sandbox's
 * sale, and whether the basket is still open.
 */
async function moneyPath(db: Db, guest: Guest): Promise<Money> {
  const problems: string[] = [];
  const placed = await db.select().from(orders).where(eq(orders.idempotencyKey, guest.key));
  for (const order of placed) {
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const issued = await db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.orderId, order.id));
    const units = lines.reduce((sum, line) => sum + line.quantity, 0);
    if (lines.length === 0) problems.push(`order ${order.id} has no lines`);
    if (issued.length !== units) problems.push(`order ${order.id} has ${issued.length} vouchers for ${units} units`);
    const paid = await db.select().from(payments).where(eq(payments.orderId, order.id));
    if (order.cashAmountMinor > 0) {
      const claimed = paid.filter((p) => p.status === 'authorised' || p.status === 'settled');
      if (claimed.length !== 1) problems.push(`order ${order.id} has ${claimed.length} live payments`);
      else if (claimed[0]?.amountMinor !== order.cashAmountMinor)
        problems.push(`order ${order.id}'s payment is not its cash amount`);
    }
  }
  const [payment] = await db.select().from(payments).where(eq(payments.idempotencyKey, guest.key));
  const [sale] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.idempotencyKey, guest.key));
  const [basket] = await db.select({ status: baskets.status }).from(baskets).where(eq(baskets.id, guest.basketToken));
  if (payment?.orderId == null && (sale?.status === 'submitted_for_settlement' || sale?.status === 'settled'))
    problems.push('money taken with no order');
  return {
    orders: placed.length,
    problems,
    paymentStatus: payment?.status ?? null,
    saleStatus: sale?.status ?? null,
    basketStatus: basket?.status ?? null,
  };
}

/** Sandbox sales of this section left authorised with no order claiming them. */
async function orphanAuthorisations(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const held = await db
    .select({ id: sandboxTransactions.id, key: sandboxTransactions.idempotencyKey })
    .from(sandboxTransactions)
    .where(and(inArray(sandboxTransactions.idempotencyKey, keys), eq(sandboxTransactions.status, 'authorized')));
  const orphans: string[] = [];
  for (const sale of held) {
    const [claimed] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.transactionId, sale.id), sql`${payments.orderId} is not null`));
    if (claimed === undefined) orphans.push(sale.key);
  }
  return orphans;
}

/** The .eml files in `dir` whose subject is this order's confirmation. */
function confirmationsMailed(dir: string, orderId: number): number {
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  const subject = `Subject: Your Tuppence order ${orderId}: your vouchers`;
  return names.filter((name) => readFileSync(path.join(dir, name), 'utf8').includes(subject)).length;
}

const summarise = (money: Money) =>
  `${money.orders} order(s), payment ${money.paymentStatus ?? 'none'}, sale ${money.saleStatus ?? 'none'}, basket ${money.basketStatus ?? 'gone'}`;

// ── the section ──────────────────────────────────────────────────────────────────────────────────
/** A row whose verdict waits for the sweep: `check` is asked after it ran. */
interface Pending {
  check: string;
  before: string[];
  after: () => Promise<{ problems: string[]; result: string }>;
}

export async function faults(context: FaultsContext): Promise<void> {
  const { db } = context;
  const proxyPort = context.port + 1;
  const proxy = new GatewayProxy(context.sandbox);
  const faultMail = path.join(context.folder, 'faults-mail');
  mkdirSync(faultMail, { recursive: true });
  const databaseUrl = new URL(context.databaseUrl);
  databaseUrl.searchParams.set('application_name', APPLICATION_NAME);
  const shop = new FaultShop(context, {
    ...process.env,
    DATABASE_URL: databaseUrl.toString(),
    PORT: String(context.port),
    HOST: '127.0.0.1',
    SITE_URL: `http://127.0.0.1:${context.port}`,
    SESSION_DIR: path.join(context.folder, 'faults-sessions'),
    MAIL_DIR: faultMail,
    PAYMENTS_GATEWAY_SERVER_URL: `http://127.0.0.1:${proxyPort}/gateway`,
    PAYMENTS_GATEWAY_TIMEOUT_MS: String(CLIENT_TIMEOUT_MS),
  });
  const pending: Pending[] = [];
  const guests: Guest[] = [];
  const started = new Date();
  try {
    const onSale = await prepareLimitedDeal(db, 1000);
    await shop.start();
    const at = async (label: string) => {
      const guest = await guestAtCheckout(shop.origin, context.sandbox, onSale, label, context.origin);
      guests.push(guest);
      return guest;
    };

    // 1. Unreachable: nothing listens on the gateway's port yet.
    {
      const guest = await at('unreachable');
      const answer = await pay(shop.origin, guest);
      const money = await moneyPath(db, guest);
      const before = [
        ...(answer.message === MESSAGES.providerUnreachable ? [] : [`answered ${answer.status} “${answer.message}”`]),
        ...(money.orders > 0 ? ['an order was written'] : []),
        ...(money.saleStatus !== null ? [`a sale reached the gateway (${money.saleStatus})`] : []),
        ...(money.basketStatus === 'open' ? [] : [`basket ${money.basketStatus}`]),
        ...money.problems,
      ];
      pending.push({
        check: 'payment gateway unreachable (its port closed): spec 8 message, no order, no authorisation, basket kept',
        before,
        after: async () => {
          const now = await moneyPath(db, guest);
          const problems = [
            ...now.problems,
            ...(now.paymentStatus === 'authorised' || now.paymentStatus === 'settled' ? ['payment live'] : []),
          ];
          return { problems, result: `${answer.status} “${answer.message.slice(0, 40)}…”; ${summarise(now)}` };
        },
      });
    }

    await proxy.listen(proxyPort);

    // 2. Slow: the sale is made, its answer comes after the shop stopped waiting.
    {
      const guest = await at('slow');
      proxy.sale = 'late';
      const answer = await pay(shop.origin, guest);
      proxy.sale = 'pass';
      const money = await moneyPath(db, guest);
      const before = [
        ...(answer.message === MESSAGES.bankNoResponse ? [] : [`answered ${answer.status} “${answer.message}”`]),
        ...(money.orders > 0 ? ['an order was written'] : []),
        ...(money.basketStatus === 'open' ? [] : [`basket ${money.basketStatus}`]),
        ...(proxy.salesDone.has(guest.key) ? [] : ['the sale never reached the gateway (no late authorisation made)']),
        ...money.problems,
      ];
      pending.push({
        check: `payment gateway slow (answers after ${LATE_MS} ms, client waits ${CLIENT_TIMEOUT_MS}): message, no order, late authorisation voided`,
        before,
        after: async () => {
          const now = await moneyPath(db, guest);
          const problems = [...now.problems, ...(now.saleStatus === 'voided' ? [] : [`late sale ${now.saleStatus}`])];
          return { problems, result: `${answer.status} “${answer.message.slice(0, 40)}…”; ${summarise(now)}` };
        },
      });
    }

    // 3. Failing after authorisation: the capture is refused (503).
    {
      const guest = await at('capture');
      proxy.capture = 'fail';
      const answer = await pay(shop.origin, guest);
      proxy.capture = 'pass';
      const money = await moneyPath(db, guest);
      const before = [
        ...(answer.status === 201 ? [] : [`answered ${answer.status} “${answer.message}”`]),
        ...(money.orders === 1 ? [] : [`${money.orders} orders`]),
        ...(money.paymentStatus === 'authorised' ? [] : [`payment ${money.paymentStatus} before the retry`]),
        ...money.problems,
      ];
      pending.push({
        check:
          'payment gateway failing after authorisation (capture refused): the order stands whole, captured on retry',
        before,
        after: async () => {
          const now = await moneyPath(db, guest);
          const problems = [
            ...now.problems,
            ...(now.paymentStatus === 'settled' && now.saleStatus === 'submitted_for_settlement'
              ? []
              : ['not captured by the retry']),
          ];
          return { problems, result: `${answer.status}; ${summarise(now)}` };
        },
      });
    }

    // 4. The database connections dropped mid-order: the order transaction waits on the vouchers
    // table (locked here), and every connection of the fault shop is terminated while it waits.
    {
      const guest = await at('dbdrop');
      let terminated = 0;
      let paying: Promise<PayAnswer> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`lock table vouchers in exclusive mode`);
        paying = pay(shop.origin, guest);
        await waitFor('the order transaction to wait on the vouchers lock', async () => {
          const waiting = await db.execute<{ pid: number }>(sql`
            select pid from pg_stat_activity
             where application_name = ${APPLICATION_NAME} and wait_event_type = 'Lock'`);
          return waiting.rows.length > 0 ? true : null;
        });
        const killed = await db.execute<{ pid: number }>(sql`
          select pid, pg_terminate_backend(pid) from pg_stat_activity where application_name = ${APPLICATION_NAME}`);
        terminated = killed.rows.length;
        // The lock goes with this transaction's end; the shop's answer is awaited after it.
      });
      const answer = (await paying) ?? { status: 0, message: 'not sent', orderId: null };
      const money = await moneyPath(db, guest);
      const clear = answer.status === 201 || Object.values(MESSAGES).includes(answer.message as never);
      const before = [
        ...(clear ? [] : [`answered ${answer.status} “${answer.message}”`]),
        ...(answer.status === 201 ? [] : money.orders > 0 ? ['an order was written after an error'] : []),
        ...(answer.status !== 201 && money.basketStatus !== 'open' ? [`basket ${money.basketStatus}`] : []),
        ...money.problems,
      ];
      pending.push({
        check: `database connections dropped mid-order (the shop's ${terminated}, one inside the order transaction): clear answer, no half order`,
        before,
        after: async () => {
          const now = await moneyPath(db, guest);
          const consistent =
            now.orders === 1
              ? now.paymentStatus === 'settled'
              : now.saleStatus === null || now.saleStatus === 'voided' || now.saleStatus === 'processor_declined';
          return {
            problems: [...now.problems, ...(consistent ? [] : ['money path inconsistent after the sweep'])],
            result: `${answer.status} “${answer.message.slice(0, 40)}…”; ${summarise(now)}`,
          };
        },
      });
    }

    // 5. SIGKILL mid-checkout: one order committed and waiting on its capture, another purchase
    // authorised at the gateway and waiting on the answer; then the shop starts again.
    {
      const committed = await at('killed-committed');
      const authorising = await at('killed-authorising');
      proxy.capture = 'hold';
      const first = pay(shop.origin, committed);
      await waitFor('the first order to wait on its capture', () => (proxy.capturesHeld > 0 ? true : null));
      proxy.sale = 'hold';
      const second = pay(shop.origin, authorising);
      await waitFor('the second sale to be made at the gateway', () =>
        proxy.salesDone.has(authorising.key) ? true : null,
      );
      await shop.kill();
      proxy.sale = 'pass';
      proxy.capture = 'pass';
      const answers = await Promise.all([first, second]);
      const restartedAt = Date.now();
      await shop.start();
      const restartSeconds = ((Date.now() - restartedAt) / 1000).toFixed(1);
      const [a, b] = [await moneyPath(db, committed), await moneyPath(db, authorising)];
      const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, committed.key));
      const before = [
        ...(answers.every((answer) => answer.status === 0) ? [] : ['a purchase was answered before the kill']),
        ...(a.orders === 1 ? [] : [`the committed purchase has ${a.orders} orders`]),
        ...(b.orders === 0 ? [] : ['the authorising purchase has an order']),
        ...(b.basketStatus === 'open' ? [] : [`the authorising purchase's basket ${b.basketStatus}`]),
        ...a.problems,
        ...b.problems,
      ];
      pending.push({
        check:
          'shop SIGKILLed mid-checkout (one order awaiting capture, one sale awaiting its answer), restarted: consistent',
        before,
        after: async () => {
          const [nowA, nowB] = [await moneyPath(db, committed), await moneyPath(db, authorising)];
          const mailed = order === undefined ? 0 : confirmationsMailed(shop.mailDir, order.id);
          const queued =
            order === undefined
              ? []
              : await db
                  .select({ sentAt: outbox.sentAt })
                  .from(outbox)
                  .where(
                    and(
                      eq(outbox.kind, 'order_confirmation'),
                      eq(outbox.subject, `Your Tuppence order ${order.id}: your vouchers`),
                    ),
                  );
          const problems = [
            ...nowA.problems,
            ...nowB.problems,
            ...(nowA.paymentStatus === 'settled' ? [] : [`committed order's payment ${nowA.paymentStatus}`]),
            ...(nowB.saleStatus === 'voided' ? [] : [`the killed sale is ${nowB.saleStatus}`]),
            ...(mailed === 1 && queued.length === 1 && queued[0]?.sentAt
              ? []
              : [`confirmation mailed ${mailed} times`]),
          ];
          return {
            problems,
            result: `restarted in ${restartSeconds} s; order ${nowA.paymentStatus}, mailed ${mailed}×; killed sale ${nowB.saleStatus}`,
          };
        },
      });
    }

    // The sweep: the clock moves past the abandonment age for this section's payments, then the
    // operator's hourly run (voids abandoned authorisations, retries captures and order events, mails).
    const keys = guests.map((guest) => guest.key);
    await db
      .update(payments)
      .set({ updatedAt: sql`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS + 60})` })
      .where(inArray(payments.idempotencyKey, keys));
    const swept = await runHourlyJobs(context, faultMail);
    const orphans = await orphanAuthorisations(db, keys);
    for (const entry of pending) {
      const after = await entry.after();
      const problems = [...entry.before, ...after.problems];
      context.row(AREA, entry.check, problems.length === 0, problems.length ? problems.join('; ') : after.result);
    }
    const sinceStart = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders o
       where o.created_at >= ${started.toISOString()}
         and (not exists (select 1 from order_lines l where l.order_id = o.id)
              or not exists (select 1 from vouchers v where v.order_id = o.id)
              or (o.cash_amount_minor > 0 and not exists (
                    select 1 from payments p where p.order_id = o.id and p.status in ('authorised', 'settled'))))`);
    const half = Number(sinceStart.rows[0]?.n ?? 0);
    context.row(
      AREA,
      'after the sweep: no half order, no authorised sale unclaimed by an order',
      half === 0 && orphans.length === 0 && swept.ok,
      `${half} half orders, ${orphans.length} orphan authorisations${swept.ok ? '' : `; the sweep failed: ${swept.output.slice(-300)}`}`,
    );
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    const why = `${(error as Error).message}${cause ? ` (${cause.message})` : ''}`;
    context.row(AREA, 'the faults section ran', false, why.split('\n')[0] ?? 'failed');
    console.error(`  faults: ${(error as Error).stack ?? error}${cause ? `\n  cause: ${cause.stack}` : ''}`);
    console.error(`  the fault shop's log ends:\n${shop.logTail()}`);
  } finally {
    await shop.stop();
    await proxy.close();
    console.log(`• the faults section took ${((Date.now() - started.getTime()) / 1000).toFixed(0)} s`);
  }
}

/** `npm run jobs:hourly` against the run's database, the healthy gateway, mailing into `mailDir`. */
async function runHourlyJobs(context: FaultsContext, mailDir: string): Promise<{ ok: boolean; output: string }> {
  const child = spawn(
    process.execPath,
    [path.join(context.root, 'node_modules/tsx/dist/cli.mjs'), path.join(context.root, 'scripts/jobs/hourly.ts')],
    {
      cwd: context.root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: context.databaseUrl,
        PAYMENTS_GATEWAY_SERVER_URL: `${context.sandbox}/gateway`,
        MAIL_DIR: mailDir,
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { ok: code === 0, output };
}
