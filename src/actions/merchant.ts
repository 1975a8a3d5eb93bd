/**
 * The merchant dashboard's forms (docs/decisions/024-merchant-dashboard-and-evidenced-savings.md):
 * redeem a voucher at the till, mark a returned parcel received (docs/decisions/026), invite and
 * remove colleagues, accept an invitation, and submit an option's price evidence. Every one is for a
 * signed-in member of the merchant; another merchant's voucher or return is a 404.
 */

import { defineAction } from 'astro:actions';
import {
  AcceptInviteFormSchema,
  InviteFormSchema,
  PriceEvidenceFormSchema,
  RedeemFormSchema,
  TeamChangeFormSchema,
} from '@/contracts/merchant';
import { ReturnReceivedFormSchema } from '@/contracts/voucher-lifecycle';
import { getDb } from '@/server/db';
import { requireSignedIn } from '@/server/http';
import {
  acceptInvite,
  inviteColleague,
  redeemVoucher,
  removeMember,
  requireMembership,
  revokeInvite,
  submitPriceEvidence,
} from '@/server/merchants';
import { paymentProviders } from '@/server/payments';
import { flushOutbox, publicOrigin, redeemThrottle } from '@/server/runtime';
import { receiveMerchantReturn } from '@/server/voucher-lifecycle';
import { answer, clientIp } from './answer';

export const merchantActions = {
  /** A merchant member redeems a voucher (the /merchant/{id}/redeem form). */
  redeemVoucher: defineAction({
    accept: 'form',
    input: RedeemFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const redeemed = await redeemVoucher(db, redeemThrottle(), {
          ...input,
          userId: user.id,
          ip: clientIp(context),
          now: new Date(),
        });
        return { ...redeemed, redeemedAt: redeemed.redeemedAt.toISOString() };
      }),
  }),

  /**
   * A merchant member marks a returned parcel received (the /merchant/{id}/returns form): Returned to
   * the Merchant, then the customer's refund.
   */
  receiveReturn: defineAction({
    accept: 'form',
    input: ReturnReceivedFormSchema,
    handler: ({ merchantId, voucherId }, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, merchantId);
        const refund = await receiveMerchantReturn(db, paymentProviders(), {
          merchantId,
          voucherId,
          userId: user.id,
          now: new Date(),
        });
        return { voucherId, refundedTo: refund.refundedTo, cardPending: refund.cardPending };
      }),
  }),

  /** An owner invites a colleague by email. */
  inviteColleague: defineAction({
    accept: 'form',
    input: InviteFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        await inviteColleague(db, { ...input, byUserId: user.id, origin: publicOrigin(), now: new Date() });
        await flushOutbox();
        return { invited: input.email.trim().toLowerCase() };
      }),
  }),

  /** An owner removes a colleague or withdraws an invitation. */
  changeTeam: defineAction({
    accept: 'form',
    input: TeamChangeFormSchema,
    handler: ({ merchantId, intent, id }, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        if (intent === 'remove') await removeMember(db, { merchantId, byUserId: user.id, userId: id });
        else await revokeInvite(db, { merchantId, byUserId: user.id, inviteId: id, now: new Date() });
        return { done: intent };
      }),
  }),

  /** A member submits or refreshes an option's price evidence; the deal's pages are re-rendered. */
  submitPriceEvidence: defineAction({
    accept: 'form',
    input: PriceEvidenceFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const tags = await submitPriceEvidence(db, { ...input, userId: user.id, now: new Date() });
        if (context.cache?.enabled) await context.cache.invalidate({ tags });
        return { dealProductId: input.dealProductId };
      }),
  }),

  /** The invited account accepts (the emailed /merchant/invite/{token} page). */
  acceptMerchantInvite: defineAction({
    accept: 'form',
    input: AcceptInviteFormSchema,
    handler: ({ token }, context) =>
      answer('merchants', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        const merchantId = await acceptInvite(db, { token, userId: user.id, email: user.email, now: new Date() });
        return { merchantId };
      }),
  }),
};
