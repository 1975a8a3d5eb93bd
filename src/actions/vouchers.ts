/**
 * The /myaccount/vouchers and /order-addon forms (docs/decisions/026-voucher-lifecycle.md): refund,
 * credit, return, "I've posted it" and the expiry-credit consent; sending a voucher as a gift; buying
 * an extension (VVE) or Protect my voucher (DVP).
 */

import { defineAction } from 'astro:actions';
import { DbIdInputSchema } from '@/contracts/text';
import {
  CancelGiftFormSchema,
  OrderAddonFormSchema,
  VoucherGiftFormSchema,
  VoucherLifecycleFormSchema,
} from '@/contracts/voucher-lifecycle';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { Invalid, NotFound } from '@/domain/errors';
import { LIFECYCLE_COPY } from '@/domain/voucher-lifecycle';
import { getDb } from '@/server/db';
import { cancelGift, GIFT_MESSAGES, giftVoucher } from '@/server/gifting';
import { requireSignedIn } from '@/server/http';
import { paymentProviders } from '@/server/payments';
import { flushOutbox, publicOrigin } from '@/server/runtime';
import {
  markReturnPosted,
  orderAddon,
  refundVoucherToCard,
  requestReturn,
  requestVoucherCredit,
} from '@/server/voucher-lifecycle';
import { setExpiryCreditConsent } from '@/server/vouchers';
import { answer, refusalError } from './answer';

/** An add-on bought on /order-addon. */
type AddonBought = { orderId: number; expiresAt: string; isProtected: boolean };
/** Nothing charged yet: the saved card's issuer asks to authenticate it for this option (decision 043). */
type AddonToAuthenticate = { authenticationRequired: { instrumentId: number; option: string } };

export const voucherActions = {
  /** Refund, credit, return, "I've posted it" and the expiry-credit consent of one voucher. */
  voucherLifecycle: defineAction({
    accept: 'form',
    input: VoucherLifecycleFormSchema,
    handler: ({ intent, voucherId, consent }, context) =>
      answer('vouchers', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const now = new Date();
        const request = { voucherId, userId: user.id, now };
        switch (intent) {
          case 'refundCard': {
            const done = await refundVoucherToCard(db, paymentProviders(), request);
            return {
              voucherId,
              message: done.cardMinor > 0 ? LIFECYCLE_COPY.refundedToCard : LIFECYCLE_COPY.refundedToWallet,
            };
          }
          case 'credit':
            await requestVoucherCredit(db, request);
            return { voucherId, message: LIFECYCLE_COPY.refundedToWallet };
          case 'return':
            await requestReturn(db, request);
            return { voucherId, message: LIFECYCLE_COPY.returnRequested };
          case 'posted':
            await markReturnPosted(db, request);
            return { voucherId, message: 'Thank you: we let you know when the merchant has it back.' };
          case 'consent': {
            const agreed = consent === 'on' || consent === 'true';
            if (!(await setExpiryCreditConsent(db, { voucherId, userId: user.id, consent: agreed }))) {
              throw new NotFound(LIFECYCLE_COPY.notYours);
            }
            return {
              voucherId,
              message: agreed
                ? 'Saved: if this voucher expires unused, its value becomes wallet credit for 14 days.'
                : 'Saved: this voucher will simply expire if it is not used.',
            };
          }
        }
      }),
  }),

  /**
   * spec 4 redemption event key gifting: send a bought, Ready to Redeem voucher to a friend by email
   * ("Send as a gift"), through the gifting service's e-gift claim flow; the email goes at once.
   */
  giftVoucher: defineAction({
    accept: 'form',
    input: VoucherGiftFormSchema,
    handler: (form, context) =>
      answer('gifting', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const sent = await giftVoucher(db, {
          voucherId: form.voucherId,
          userId: user.id,
          recipientName: form.recipientName ?? '',
          recipientEmail: form.recipientEmail ?? '',
          message: form.message ?? '',
          origin: publicOrigin(),
          now: new Date(),
        });
        await flushOutbox();
        return { voucherId: form.voucherId, message: GIFT_MESSAGES.voucherSent(sent.recipientName) };
      }),
  }),

  /**
   * Cancel the gift a voucher waits in, before it is claimed (docs/decisions/048): its code stops
   * working and the voucher is the sender's again, to use, refund or send again.
   */
  cancelVoucherGift: defineAction({
    accept: 'form',
    input: CancelGiftFormSchema,
    handler: ({ voucherId }, context) =>
      answer('gifting', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const cancelled = await cancelGift(db, { voucherId, userId: user.id, now: new Date() });
        return { voucherId, message: GIFT_MESSAGES.giftCancelled(cancelled.recipientName) };
      }),
  }),

  /**
   * Buy an extension (VVE) or Protect my voucher (DVP) on /order-addon; a refusal reads as the JSON
   * call's does. When the saved card's issuer asks to authenticate the payment, nothing was charged
   * and the answer says which card and option to authenticate, so the page can have the bank confirm
   * it and send the form again with the authentication (decision 043), like a payment that
   * "requires action".
   */
  buyVoucherAddon: defineAction({
    accept: 'form',
    input: OrderAddonFormSchema,
    handler: (form, context) =>
      answer<AddonBought | AddonToAuthenticate>('vouchers', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const instrumentId =
          form.instrumentId && form.instrumentId !== 'new' ? DbIdInputSchema.safeParse(form.instrumentId) : null;
        if (instrumentId?.success === false) throw new Invalid(CHECKOUT_COPY.instrumentNotFound);
        const bought = await orderAddon(db, paymentProviders(), {
          userId: user.id,
          voucherId: form.voucherId,
          type: form.addonType,
          months: form.option.months,
          expectedMinor: form.option.expectedMinor,
          instrumentId: instrumentId?.data,
          nonce: form.nonce,
          threeDSecureAuthenticationId: form.threeDSecureAuthenticationId || undefined,
          idempotencyKey: form.idempotencyKey,
          now: new Date(),
          brand: context.locals.brand,
        });
        if (!bought.ok && bought.code === 'authenticationRequired' && instrumentId?.success) {
          const option = `${form.option.months}:${form.option.expectedMinor}`;
          return { authenticationRequired: { instrumentId: instrumentId.data, option } };
        }
        if (!bought.ok) throw refusalError(bought);
        // The add-on's confirmation email goes now, as the order confirmation does.
        if (!bought.replayed) await flushOutbox();
        return { orderId: bought.orderId, expiresAt: bought.expiresAt.toISOString(), isProtected: bought.isProtected };
      }),
  }),
};
