/**
 * The spec 7 add-on purchases (voucher/vve, order-addon; docs/decisions/026-voucher-lifecycle.md) as
 * HTTP answers: the add-on bought through the voucher lifecycle service (the path the /order-addon form
 * takes too), its confirmation email sent, and 201 with the order (200 for a repeat of the key), or the
 * refusal with its kind's status, spec 8's message and the card's reason.
 */
import type { Brand } from '@/domain/brands';
import type { AddonType } from '@/domain/voucher-lifecycle';
import { getDb } from '@/server/db';
import { paymentProviders } from '@/server/payments';
import { flushOutbox } from '@/server/runtime';
import { orderAddon } from '@/server/voucher-lifecycle';
import { json } from './api';
import { refusalResponse } from './status';

/**
 * What the caller asked to buy, and how they pay (a saved instrument of theirs, or a new card's nonce
 * and its 3-D Secure authentication).
 */
export interface AddonPurchase {
  voucherId: number;
  addonType: AddonType;
  months?: number;
  expectedMinor: number;
  instrumentId?: number;
  nonce?: string;
  threeDSecureAuthenticationId?: string;
}

/**
 * Buys an add-on for the signed-in shopper under their Idempotency-Key and answers it; `brand` is the
 * request's, which the confirmation email comes from (decision 042).
 */
export async function addonPurchaseResponse(
  userId: number,
  idempotencyKey: string,
  purchase: AddonPurchase,
  brand?: Brand,
): Promise<Response> {
  const { db } = await getDb();
  const { addonType, ...rest } = purchase;
  const bought = await orderAddon(db, paymentProviders(), {
    ...rest,
    userId,
    type: addonType,
    idempotencyKey,
    now: new Date(),
    brand,
  });
  if (!bought.ok) return refusalResponse(bought);
  // The add-on's confirmation email goes now, as the order confirmation does.
  if (!bought.replayed) await flushOutbox();
  const body = {
    orderId: bought.orderId,
    voucherId: purchase.voucherId,
    addonType,
    expiresAt: bought.expiresAt.toISOString(),
    isProtected: bought.isProtected,
  };
  return json(body, { status: bought.replayed ? 200 : 201 });
}
