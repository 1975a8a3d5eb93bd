/**
 * Two shoppers for the access-control checks (docs/decisions/032): each with a password, an order and its
 * vouchers, a basket, a wishlist and a saved card; the first also a merchant's owner. Every one of
 * them carries a marker (a unique name, email, voucher codes) that must never appear in an answer
 * to anyone but its owner.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/server/accounts';
import { createBasket } from '@/server/basket';

import type { Db } from '@/server/db';
import { deals, merchantUsers, paymentInstruments, savedAddresses, users } from '@/server/db/schema';
import { addToWishlist } from '@/server/wishlist';
import { prepareLimitedDeal } from '../../tests/fixtures/purchase-scenario';
import { insertTestOrder } from '../../tests/integration/commerce-fixtures';

export const PASSWORD = 'Sunny-day-42';

export interface Shopper {
  id: number;
  email: string;
  firstName: string;
  customerToken: string;
  orderId: number;
  voucherIds: number[];
  voucherCodes: string[];
  basketToken: string;
  instrumentId: number;
  /** A saved delivery address of theirs (docs/decisions/051: personal data). */
  addressId: number;
  merchantId: number | null;
  /** Strings only this shopper may ever be shown. */
  markers: string[];
}

export async function makeShopper(db: Db, label: string, merchantOwner: boolean): Promise<Shopper> {
  const tag = randomBytes(4).toString('hex');
  const firstName = `${label}${tag}`;
  const email = `${label.toLowerCase()}-${tag}@example.co.uk`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName,
      lastName: `Surname${tag}`,
      customerToken: `cust_${randomBytes(12).toString('hex')}`,
      isRegistered: true,
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  const onSale = await prepareLimitedDeal(db, 1000);
  const { order, vouchers } = await insertTestOrder(db, { userId: user.id, dealId: onSale.dealId, quantity: 2 });
  const basketToken = await createBasket(db, {
    customerToken: user.customerToken,
    products: [{ dealId: onSale.dealId, dealProductId: onSale.productId, quantity: 1 }],
  });
  await addToWishlist(db, { customerToken: user.customerToken ?? '' }, [onSale.dealId]);
  const [deal] = await db.select().from(deals).where(eq(deals.id, onSale.dealId));
  if (!deal) throw new Error('the deal on sale went missing');
  const [instrument] = await db
    .insert(paymentInstruments)
    .values({
      userId: user.id,
      type: 'card',
      token: `vault_${tag}`,
      fingerprint: `fp_${tag}`,
      cardType: 'Visa',
      lastFour: '1111',
      expiryMonth: '12',
      expiryYear: '2030',
      isDefault: true,
    })
    .returning();
  if (!instrument) throw new Error('instrument insert failed');
  const [address] = await db
    .insert(savedAddresses)
    .values({
      userId: user.id,
      name: `${firstName} Home`,
      line1: `${tag} Marker Street`,
      town: 'Leeds',
      postcode: 'LS1 4AP',
      isDefault: true,
    })
    .returning();
  if (!address) throw new Error('address insert failed');
  let merchantId: number | null = null;
  if (merchantOwner) {
    merchantId = deal.merchantId;
    await db.insert(merchantUsers).values({ merchantId, userId: user.id, role: 'owner' });
  }
  return {
    id: user.id,
    email,
    firstName,
    customerToken: user.customerToken ?? '',
    orderId: order.id,
    voucherIds: vouchers.map((voucher) => voucher.id),
    voucherCodes: vouchers.map((voucher) => voucher.code),
    basketToken,
    instrumentId: instrument.id,
    addressId: address.id,
    merchantId,
    markers: [
      email,
      firstName,
      `Surname${tag}`,
      `${tag} Marker Street`,
      ...vouchers.map((voucher) => voucher.code),
      basketToken,
    ],
  };
}
