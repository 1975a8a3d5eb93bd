/**
 * A script that places orders, as a job runner or a future worker would: it imports the orders
 * service and a payment provider, and no feature module. It places the first buyer's order having
 * opened the database itself and loaded nothing, then the second buyer's through scripts/cli.ts (the
 * shared entry every script starts from, which loads the subscribers), printing each outcome. One
 * process runs both, as starting Node with tsx is the slow part. The database is the embedded one
 * in PGLITE_DIR.
 */
import { openDatabase } from '../../../src/server/db/client';
import { placeOrder } from '../../../src/server/orders';
import { singleProvider } from '../../../src/server/payments';
import { createSandboxProvider } from '../../fixtures/sandbox-gateway';

const [total, ...buyers] = process.argv.slice(2);
const [bare, entered] = [buyers.slice(0, 3), buyers.slice(3, 6)];
if (!total || bare.length < 3 || entered.length < 3)
  throw new Error('usage: order-script <total> <basket> <user> <email> <basket> <user> <email>');

const place = async (db: Parameters<typeof placeOrder>[0], [basketToken = '', userId, email = '']: string[]) => {
  const result = await placeOrder(db, singleProvider(createSandboxProvider(db)), {
    basketToken,
    buyer: { id: Number(userId), email, firstName: 'Script' },
    useWallet: false,
    expected: { totalMinor: Number(total), walletUsedMinor: 0, cashAmountMinor: Number(total) },
    payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
    idempotencyKey: `script-${basketToken}`,
    now: new Date(),
    origin: 'http://shop.test',
  });
  return result.ok ? `placed ${result.order.id}` : `refused: ${result.message}`;
};

const database = await openDatabase();
try {
  process.stdout.write(`without the entry: ${await place(database.db, bare)}\n`);
} finally {
  await database.close();
}
const { withDatabase } = await import('../../../scripts/cli');
await withDatabase(async ({ db }) => {
  process.stdout.write(`through the entry: ${await place(db, entered)}\n`);
});
