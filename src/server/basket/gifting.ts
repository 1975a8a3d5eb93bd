/**
 * A basket line's gifting (docs/decisions/028; spec 4 "Gifting changes"): none, e-gift (recipient,
 * email, message, send date), gift wrap, or a next-day or standard gift pack (a UK address, its
 * postcode checked by the address service). The rules are domain/gifting.ts; this writes the line
 * in one statement inside a transaction, so a line never holds half a change.
 */
import { eq } from 'drizzle-orm';
import { ADDRESS_MESSAGES } from '@/domain/delivery-address';
import { londonDay } from '@/domain/format';
import {
  changeGifting,
  type DeliveryOption,
  type EGiftDetails,
  eGiftProblems,
  type GiftingState,
  type PackAddress,
} from '@/domain/gifting';
import { parsePostcode } from '@/domain/postcode';
import { addressProvider, INVALID_POSTCODE } from '@/server/addresses';
import type { Db } from '@/server/db';
import { lineOf, shopperOf, touch } from './lines';
import { loadOfferings } from './offerings';
import type { GiftDetails } from './schema';
import { type BasketLineRow, type BasketRow, basketLines } from './schema';

export interface GiftingRequest {
  lineId: number;
  /** Choose a delivery option (with its details), or set the gift wrap quantity. */
  change: { kind: 'delivery'; delivery: DeliveryOption } | { kind: 'wrap'; quantity: number };
  eGift?: EGiftDetails;
  address?: PackAddress;
  now: Date;
}

export type GiftingResult =
  | { ok: true; toast: string | null }
  | { ok: false; problems: Record<string, string>; message: string };

/** The problems with a pack address, by field, in the delivery address's words (the postcode through the address service). */
async function addressProblems(address: PackAddress): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  if (address.name.trim() === '' || address.name.length > 80) problems.name = ADDRESS_MESSAGES.name;
  if (address.line1.trim() === '' || address.line1.length > 120) problems.line1 = ADDRESS_MESSAGES.line1;
  if (address.town.trim() === '' || address.town.length > 80) problems.town = ADDRESS_MESSAGES.town;
  if (!(await addressProvider().validatePostcode(address.postcode))) problems.postcode = INVALID_POSTCODE;
  return problems;
}

export function giftingStateOf(line: BasketLineRow): GiftingState {
  const delivery = (['e-gift', 'ndd-gpk', 'std-gpk'] as const).find((d) => d === line.deliveryOptionType) ?? 'none';
  return { delivery, wrapQuantity: line.giftWrapQuantity, packQuantity: line.giftPackQuantity };
}

function refused(problems: Record<string, string>): GiftingResult {
  return { ok: false, problems, message: Object.values(problems)[0] ?? 'Check the gift details' };
}

/** Changes one line's gifting in this basket; a refusal changes nothing. */
export async function setLineGifting(db: Db, basket: BasketRow, request: GiftingRequest): Promise<GiftingResult> {
  const { change } = request;
  let details: GiftDetails | null | undefined;
  if (change.kind === 'delivery' && change.delivery === 'e-gift') {
    const eGift = request.eGift ?? { recipientName: '', recipientEmail: '', message: '', sendOn: '' };
    const problems = eGiftProblems(eGift, londonDay(request.now));
    if (Object.keys(problems).length > 0) return refused(problems as Record<string, string>);
    details = {
      kind: 'e-gift',
      recipientName: eGift.recipientName.trim(),
      recipientEmail: eGift.recipientEmail.trim().toLowerCase(),
      message: eGift.message.trim(),
      sendOn: eGift.sendOn,
    };
  } else if (change.kind === 'delivery' && (change.delivery === 'ndd-gpk' || change.delivery === 'std-gpk')) {
    const address = request.address ?? { name: '', line1: '', line2: '', town: '', postcode: '' };
    const problems = await addressProblems(address);
    if (Object.keys(problems).length > 0) return refused(problems);
    details = {
      kind: 'pack',
      name: address.name.trim(),
      line1: address.line1.trim(),
      line2: address.line2.trim(),
      town: address.town.trim(),
      postcode: parsePostcode(address.postcode)?.formatted ?? address.postcode.trim().toUpperCase(),
    };
  } else if (change.kind === 'delivery') {
    details = null;
  }
  return db.transaction(async (tx) => {
    const line = await lineOf(tx, basket.id, request.lineId);
    const offering = (await loadOfferings(tx, [line.dealProductId], await shopperOf(tx, basket))).get(
      line.dealProductId,
    );
    const allowed = {
      deliveryOptions: offering?.product.deliveryOptions ?? ['none'],
      giftWrap: offering?.product.giftWrapAvailable ?? false,
    };
    const outcome = changeGifting(giftingStateOf(line), change, line.quantity, allowed);
    if (!outcome.ok) return refused({ gifting: outcome.message });
    const { state } = outcome;
    await tx
      .update(basketLines)
      .set({
        deliveryOptionType: state.delivery,
        giftWrapQuantity: state.wrapQuantity,
        giftPackQuantity: state.packQuantity,
        gift: state.delivery !== 'none' || state.wrapQuantity > 0,
        ...(details === undefined ? {} : { giftDetails: details }),
      })
      .where(eq(basketLines.id, line.id));
    await touch(tx, basket.id);
    return { ok: true, toast: outcome.toast };
  });
}

/** spec 4: a line's quantity changed (items removed or added): its pack and wrap follow. */
export function giftingAfterQuantity(line: BasketLineRow, quantity: number): Partial<BasketLineRow> {
  const outcome = changeGifting(giftingStateOf(line), { kind: 'quantity', quantity }, line.quantity, {
    deliveryOptions: [],
    giftWrap: true,
  });
  if (!outcome.ok) return {};
  return {
    deliveryOptionType: outcome.state.delivery,
    giftWrapQuantity: outcome.state.wrapQuantity,
    giftPackQuantity: outcome.state.packQuantity,
  };
}
