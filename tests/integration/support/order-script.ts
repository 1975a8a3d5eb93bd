/**
 * A script that places one order, as a job runner or a future worker would: it imports the orders
 * service and a payment provider, and no feature module. With `--entry` it starts the way every
 * script does, through scripts/cli.ts (the shared entry that loads the subscribers); without, it
 * opens the database itself and loads nothing. The database is the embedded one in PGLITE_DIR.
 */
import { openDatabase } from '../../../src/server/db/client';
import { placeOrder } from '../../../src/server/orders';
import { singleProvider } from '../../../src/server/payments';
import { createSandboxProvider } from '../../fixtures/sandbox-gateway';

const [basketToken, userId, email, total, mode] = process.argv.slice(2);
if (!basketToken || !userId || !email || !total)
  throw new Error('usage: order-script <basket> <user> <email> <total> [--entry]');

const place = async (db: Parameters<typeof placeOrder>[0]) => {
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
  process.stdout.write(result.ok ? `placed ${result.order.id}\n` : `refused: ${result.message}\n`);
};

if (mode === '--entry') {
  const { withDatabase } = await import('../../../scripts/cli');
  await withDatabase(async (database) => place(database.db));
} else {
  const database = await openDatabase();
  try {
    await place(database.db);
  } finally {
    await database.close();
  }
}
