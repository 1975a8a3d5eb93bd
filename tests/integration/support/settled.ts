/**
 * An order's follow-ups (the confirmation email, loyalty points, credit, gifts, a VIP subscription)
 * run after `placeOrder` answers, in this process's drain (docs/decisions/063). A test that goes on to
 * read one places its order through here: the order, then every follow-up handed in so far handled.
 */
import { eventsSettled } from '../../../src/server/events';
import { placeOrder } from '../../../src/server/orders';

/** `placeOrder`, answering once the order's follow-ups have run (or failed and were left for the retry). */
export async function placeOrderSettled(...args: Parameters<typeof placeOrder>): ReturnType<typeof placeOrder> {
  const result = await placeOrder(...args);
  await eventsSettled();
  return result;
}
