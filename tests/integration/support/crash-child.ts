/**
 * Child process for the crash test: places one order against the database named on the command
 * line. The parent kills it (SIGKILL) while the order transaction is open: a trigger it installed
 * makes the voucher insert sleep, so the process dies mid-transaction.
 */
import { openDatabase } from '../../../src/server/db/client';
import { placeOrder } from '../../../src/server/orders';
import { singleProvider } from '../../../src/server/payments';
import { loadSubscribers } from '../../../src/server/subscribers';
import { createSandboxProvider } from '../../fixtures/sandbox-gateway';

loadSubscribers();

const [target, basketToken, userId, total] = process.argv.slice(2);
if (!target || !basketToken || !userId || !total)
  throw new Error('usage: crash-child <url|dir> <basket> <user> <total>');
const database = await openDatabase(target.startsWith('postgres') ? { url: target } : { dataDir: target, url: '' });
process.stdout.write('placing\n');
await placeOrder(database.db, singleProvider(createSandboxProvider(database.db)), {
  basketToken,
  buyer: { id: Number(userId), email: 'crash@example.test', firstName: 'Crash' },
  useWallet: false,
  expected: { totalMinor: Number(total), walletUsedMinor: 0, cashAmountMinor: Number(total) },
  payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
  idempotencyKey: `crash-${basketToken}`,
  now: new Date(),
  origin: 'http://shop.test',
});
process.stdout.write('finished\n');
await database.close();
