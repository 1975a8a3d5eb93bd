/**
 * Issue 16.3: Astro Actions for the mutations islands and progressive forms call (the spec 7 JSON
 * endpoints stay: they are the public API). An action is its zod input, a call into one service, and
 * its failures through `answer()` below: a refusal of the error family (src/domain/errors) becomes an
 * ActionError with the same status and wording a JSON endpoint gives.
 */
import { ActionError, defineAction } from 'astro:actions';
import { z } from 'zod';
import { SIGNED_UP_MESSAGE, SoldOutNotificationRequestSchema } from '@/contracts/deal-detail';
import {
  AcceptInviteFormSchema,
  InviteFormSchema,
  PriceEvidenceFormSchema,
  RedeemFormSchema,
  TeamChangeFormSchema,
} from '@/contracts/merchant';
import { DbIdInputSchema } from '@/contracts/text';
import { AccountError, AppError, NotFound } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { currentUser } from '@/server/accounts';
import { addSoldOutNotification } from '@/server/catalog';
import type { UserRow } from '@/server/db';
import { getDb } from '@/server/db';
import { makeDefaultInstrument, removeInstrument } from '@/server/instruments';
import { logError } from '@/server/log';
import {
  acceptInvite,
  inviteColleague,
  redeemVoucher,
  removeMember,
  revokeInvite,
  submitPriceEvidence,
} from '@/server/merchants';
import { flushOutbox, publicOrigin, redeemThrottle } from '@/server/runtime';

type ActionCode = ConstructorParameters<typeof ActionError>[0]['code'];

/** Runs a handler; a refusal keeps its status and wording, anything else is logged and answered as spec 8's generic message. */
async function answer<T>(area: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) {
      throw new ActionError({ code: ActionError.statusToCode(error.status) as ActionCode, message: error.message });
    }
    logError(area, 'action failed', error);
    throw new ActionError({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.somethingWentWrong });
  }
}

export const server = {
  /** spec 4: sign up to hear when a sold-out deal comes back (the SoldOutSignup island). */
  soldOutSignup: defineAction({
    input: SoldOutNotificationRequestSchema,
    handler: ({ dealId, email }) =>
      answer('catalog', async () => {
        const { db } = await getDb();
        const result = await addSoldOutNotification(db, dealId, email);
        if (result.kind === 'unknown-deal') throw new NotFound('No deal has this id.');
        return { message: SIGNED_UP_MESSAGE, created: result.kind === 'created' };
      }),
  }),

  /** Issue 8: make a saved payment method the default, or remove it (the /myaccount/payment-methods forms). */
  changePaymentMethod: defineAction({
    accept: 'form',
    input: z.object({ intent: z.enum(['default', 'remove']), id: DbIdInputSchema }),
    handler: ({ intent, id }, context) =>
      answer('payment-methods', async () => {
        const user = await currentUser(context);
        if (user === null) throw new AccountError('notSignedIn');
        const { db } = await getDb();
        const now = new Date();
        if (intent === 'default') await makeDefaultInstrument(db, user.id, id, now);
        else await removeInstrument(db, user.id, id, { now });
        return { done: intent === 'default' ? ('default' as const) : ('removed' as const) };
      }),
  }),

  /** Issue 23 item 2: a merchant member redeems a voucher (the /merchant/{id}/redeem form). */
  redeemVoucher: defineAction({
    accept: 'form',
    input: RedeemFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
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

  /** Issue 23 item 1: an owner invites a colleague by email. */
  inviteColleague: defineAction({
    accept: 'form',
    input: InviteFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        await inviteColleague(db, { ...input, byUserId: user.id, origin: publicOrigin(), now: new Date() });
        await flushOutbox();
        return { invited: input.email.trim().toLowerCase() };
      }),
  }),

  /** Issue 23 item 1: an owner removes a colleague or withdraws an invitation. */
  changeTeam: defineAction({
    accept: 'form',
    input: TeamChangeFormSchema,
    handler: ({ merchantId, intent, id }, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        if (intent === 'remove') await removeMember(db, { merchantId, byUserId: user.id, userId: id });
        else await revokeInvite(db, { merchantId, byUserId: user.id, inviteId: id, now: new Date() });
        return { done: intent };
      }),
  }),

  /** Issue 23 item 5: a member submits or refreshes an option's price evidence; the deal's pages are re-rendered. */
  submitPriceEvidence: defineAction({
    accept: 'form',
    input: PriceEvidenceFormSchema,
    handler: (input, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        const tags = await submitPriceEvidence(db, { ...input, userId: user.id, now: new Date() });
        if (context.cache?.enabled) await context.cache.invalidate({ tags });
        return { dealProductId: input.dealProductId };
      }),
  }),

  /** Issue 23 item 1: the invited account accepts (the emailed /merchant/invite/{token} page). */
  acceptMerchantInvite: defineAction({
    accept: 'form',
    input: AcceptInviteFormSchema,
    handler: ({ token }, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        const merchantId = await acceptInvite(db, { token, userId: user.id, email: user.email, now: new Date() });
        return { merchantId };
      }),
  }),
};

type ActionContext = Parameters<typeof currentUser>[0] & { clientAddress?: string };

async function signedIn(context: ActionContext): Promise<UserRow> {
  const user = await currentUser(context);
  if (user === null) throw new AccountError('notSignedIn');
  return user;
}

function clientIp(context: { clientAddress?: string }): string {
  try {
    return context.clientAddress ?? '';
  } catch {
    return '';
  }
}
