/**
 * Posted products in tests (docs/decisions/051): a small posted deal beside the basket fixtures, and
 * an order of it placed through the real order service (basket, pricing pipeline, sandbox card,
 * commit), so its delivery address and shipments are written as a shopper's are.
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryAddress } from '../../../src/contracts/delivery';
import type { ShippingMethod } from '../../../src/domain/delivery';
import { createBasket, retrievePricedBasket, updateBasketLine } from '../../../src/server/basket';
import type { Db } from '../../../src/server/db';
import type { UserRow } from '../../../src/server/db/schema';
import { placeOrder } from '../../../src/server/orders';
import { singleProvider } from '../../../src/server/payments';
import { createSandboxProvider } from '../../fixtures/sandbox-gateway';
import { addDeal } from '../basket-fixtures';

export const TEST_ADDRESS: DeliveryAddress = {
  name: 'Ada Lovelace',
  line1: '12 Mill Lane',
  line2: 'Flat 2',
  town: 'Leeds',
  postcode: 'LS1 4AP',
  phone: '07700 900123',
};

/**
 * A posted deal (headset-like) of `base`'s merchant: £39.99 plus £4.99 standard postage, next day
 * for £7.99, dispatched within `dispatchDays` working days.
 */
export function addPostedDeal(
  db: Db,
  base: { locationId: number; merchantId: number },
  options: { dispatchDays?: number; priceMinor?: number; postageMinor?: number; nextDayMinor?: number | null } = {},
) {
  return addDeal(
    db,
    base,
    {
      headline: 'Wireless Gaming Headset',
      title: 'Wireless gaming headset with noise-cancelling microphone',
      deliveryType: 'postal',
      dispatchDays: options.dispatchDays ?? 2,
      fromPriceMinor: options.priceMinor ?? 3999,
      fromOriginalPriceMinor: 8999,
    },
    [
      {
        product: {
          title: 'Black headset',
          priceMinor: options.priceMinor ?? 3999,
          originalPriceMinor: 8999,
          postagePriceMinor: options.postageMinor ?? 499,
          nextDayPostageMinor: options.nextDayMinor === undefined ? 799 : options.nextDayMinor,
        },
      },
    ],
  );
}

/** Places an order of `quantity` of one option through the order service, paid by sandbox card. */
export async function placePostedOrder(
  db: Db,
  input: {
    user: UserRow;
    dealId: number;
    dealProductId: number;
    quantity?: number;
    method?: ShippingMethod;
    address?: DeliveryAddress | null;
    now?: Date;
  },
) {
  const token = await createBasket(db, {
    customerToken: input.user.customerToken,
    products: [{ dealId: input.dealId, dealProductId: input.dealProductId, quantity: input.quantity ?? 1 }],
  });
  const basket = await retrievePricedBasket(db, token, { userId: input.user.id });
  const line = basket?.lines[0];
  if (basket === null || line === undefined) throw new Error('the posted product did not reach the basket');
  if (input.method !== undefined) await updateBasketLine(db, token, line.id, { shippingMethod: input.method });
  const priced = await retrievePricedBasket(db, token, { userId: input.user.id });
  const total = priced?.total.amountMinor ?? 0;
  const result = await placeOrder(db, singleProvider(createSandboxProvider(db)), {
    basketToken: token,
    buyer: { id: input.user.id, email: input.user.email, firstName: input.user.firstName },
    useWallet: false,
    expected: { totalMinor: total, walletUsedMinor: 0, cashAmountMinor: total },
    payment: { method: 'credit_card', nonce: 'fake-valid-visa-nonce' },
    idempotencyKey: `posted-${randomUUID()}`,
    now: input.now ?? new Date(),
    origin: 'http://shop.test',
    delivery: input.address === undefined ? TEST_ADDRESS : input.address,
  });
  return { result, totalMinor: total, basket: priced };
}
