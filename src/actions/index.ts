/**
 * Issue 16.3: Astro Actions for the mutations islands and progressive forms call (the spec 7 JSON
 * endpoints stay: they are the public API). An action is its zod input, a call into one service, and
 * its failures through `answer()` (./answer.ts): a refusal of the error family (src/domain/errors) becomes an
 * ActionError with the same status and wording a JSON endpoint gives.
 */

import { ActionError, defineAction } from 'astro:actions';
import { z } from 'zod';
import { BookingAcceptFormSchema, BookingDecisionFormSchema, BookingRequestFormSchema } from '@/contracts/booking';
import { SIGNED_UP_MESSAGE, SoldOutNotificationRequestSchema } from '@/contracts/deal-detail';
import {
  type GuideContent,
  GuideContentSchema,
  GuideSlugSchema,
  guideFormErrors,
  readGuideForm,
} from '@/contracts/guide';
import {
  AcceptInviteFormSchema,
  InviteFormSchema,
  PriceEvidenceFormSchema,
  RedeemFormSchema,
  TeamChangeFormSchema,
} from '@/contracts/merchant';
import { DbIdInputSchema } from '@/contracts/text';
import {
  OrderAddonFormSchema,
  ReturnReceivedFormSchema,
  VoucherGiftFormSchema,
  VoucherLifecycleFormSchema,
} from '@/contracts/voucher-lifecycle';
import { CHECKOUT_COPY } from '@/domain/checkout-copy';
import { AccountError, Forbidden, Invalid, NotFound, Unauthorised } from '@/domain/errors';
import { MESSAGES } from '@/domain/messages';
import { VIP_SUBSCRIPTION_DEAL_ID } from '@/domain/subscription';
import { LIFECYCLE_COPY } from '@/domain/voucher-lifecycle';
import type { UserRow } from '@/server/accounts/schema';
import { addToBasket, changeLineGifting, createBasket, retrieveBasket, retrievePricedBasket } from '@/server/basket';
import {
  acceptProposedDate,
  confirmBooking,
  declineBooking,
  proposeBookingDate,
  requestBooking,
} from '@/server/bookings';
import { GUIDES_TAG, guideTag } from '@/server/cache';
import { addSoldOutNotification } from '@/server/catalog';
import {
  createGuide,
  editorAccess,
  publishGuideVersion,
  restoreGuideVersion,
  retrieveGuideForEditor,
  saveGuideDraft,
} from '@/server/content';
import { getDb } from '@/server/db';
import { claimGift, GIFT_MESSAGES, giftVoucher, redeemGiftCard } from '@/server/gifting';
import { basketTokenForRequest, currentUser, rememberBasket, signOut } from '@/server/http';
import { makeDefaultInstrument, removeInstrument } from '@/server/instruments';
import { exchangePoints } from '@/server/loyalty';
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
import { cancelRenewal } from '@/server/subscriptions';
import {
  markReturnPosted,
  orderAddon,
  receiveMerchantReturn,
  refundVoucherToCard,
  requestReturn,
  requestVoucherCredit,
} from '@/server/voucher-lifecycle';
import { setExpiryCreditConsent } from '@/server/vouchers';

import { accountActions } from './account';
import { type ActionCode, answer, clientIp } from './answer';
import { dealPageActions } from './deal-page';

type EditorActionContext = Parameters<Parameters<typeof defineAction>[0]['handler']>[1];

/** Issue 22: the editor's actions are for content editors only (a guest 401, anyone else 403). */
async function requireEditor(context: EditorActionContext): Promise<{ userId: number }> {
  const access = await editorAccess(context);
  if (access.kind === 'guest') throw new Unauthorised('Please sign in to use the guide editor.');
  if (access.kind === 'refused') throw new Forbidden('Only content editors can change guides.');
  return { userId: access.userId };
}

/** The editor's form as valid guide content, or Invalid listing every problem. */
function guideContentFrom(form: FormData): GuideContent {
  const parsed = GuideContentSchema.safeParse(readGuideForm(form));
  if (!parsed.success) throw new Invalid(guideFormErrors(parsed.error).join(' · '));
  return parsed.data;
}

/** After a publish commits: the guide's page (and the guide list) render afresh on their next request. */
async function refreshGuidePages(context: EditorActionContext, slug: string): Promise<void> {
  if (context.cache.enabled) await context.cache.invalidate({ tags: [guideTag(slug), GUIDES_TAG] });
}

const GuideFormSchema = z.instanceof(FormData);

/** A guide slug from a form, or Invalid saying what is wrong with it. */
function slugFrom(value: unknown): string {
  const parsed = GuideSlugSchema.safeParse(value);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0]?.message ?? 'Check the slug');
  return parsed.data;
}

/**
 * Issue 20: the checkout's gifting form for one line (progressive: a plain POST works without
 * JavaScript). Text fields are optional: an empty field arrives as absent (Astro's form reading).
 */
const GiftingFormSchema = z.object({
  line: DbIdInputSchema,
  intent: z.enum(['delivery', 'wrap']),
  delivery: z.enum(['none', 'e-gift', 'ndd-gpk', 'std-gpk']).optional(),
  wrap: z.coerce.number().int().min(0).max(99).optional(),
  recipientName: z.string().max(200).optional(),
  recipientEmail: z.string().max(300).optional(),
  message: z.string().max(2000).optional(),
  sendOn: z.string().max(20).optional(),
  name: z.string().max(200).optional(),
  line1: z.string().max(300).optional(),
  line2: z.string().max(300).optional(),
  town: z.string().max(200).optional(),
  postcode: z.string().max(20).optional(),
});

const GiftCodeFormSchema = z.object({ code: z.string().max(60) });

export const server = {
  ...accountActions,
  ...dealPageActions,
  /** Issue 20.1: choose how one basket line is sent as a gift, or set its gift wrap (spec 4 "Gifting changes"). */
  setGifting: defineAction({
    accept: 'form',
    input: GiftingFormSchema,
    handler: (input, context) =>
      answer('gifting', async () => {
        const { db } = await getDb();
        const user = await currentUser(context);
        const token = await basketTokenForRequest(context, db, user);
        if (token === null) throw new NotFound('Your basket is empty.');
        const change =
          input.intent === 'wrap'
            ? ({ kind: 'wrap', quantity: input.wrap ?? 0 } as const)
            : ({ kind: 'delivery', delivery: input.delivery ?? 'none' } as const);
        const result = await changeLineGifting(db, token, {
          lineId: input.line,
          change,
          eGift: {
            recipientName: input.recipientName ?? '',
            recipientEmail: input.recipientEmail ?? '',
            message: input.message ?? '',
            sendOn: input.sendOn ?? '',
          },
          address: {
            name: input.name ?? '',
            line1: input.line1 ?? '',
            line2: input.line2 ?? '',
            town: input.town ?? '',
            postcode: input.postcode ?? '',
          },
          now: new Date(),
        });
        // A refusal hands back what was typed, for the form to show again (progressive: no JavaScript).
        const { line: _line, intent: _intent, ...typed } = input;
        return result.ok ? { ...result, typed: null } : { ...result, typed };
      }),
  }),

  /** Issue 20.2: the recipient claims a gift with its code (/mygift, the claim-my-gift guide page). */
  claimGift: defineAction({
    accept: 'form',
    input: GiftCodeFormSchema,
    handler: ({ code }, context) =>
      answer('gifting', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        return claimGift(db, { code, userId: user.id, now: new Date() });
      }),
  }),

  /** Issue 20.3: redeem a gift card into wallet credit (/giftcard/redeem). */
  redeemGiftCard: defineAction({
    accept: 'form',
    input: GiftCodeFormSchema,
    handler: ({ code }, context) =>
      answer('gifting', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        return redeemGiftCard(db, { code, userId: user.id, now: new Date() });
      }),
  }),

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

  /** Issue 18: refund, credit, return, "I've posted it" and the expiry-credit consent (the /myaccount/vouchers forms). */
  voucherLifecycle: defineAction({
    accept: 'form',
    input: VoucherLifecycleFormSchema,
    handler: ({ intent, voucherId, consent }, context) =>
      answer('vouchers', async () => {
        const user = await signedIn(context);
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
   * Issue 18 (spec 4 redemption event key gifting): send a bought, Ready to Redeem voucher to a friend
   * by email (the /myaccount/vouchers "Send as a gift" form), through the gifting service's e-gift
   * claim flow; the email goes at once.
   */
  giftVoucher: defineAction({
    accept: 'form',
    input: VoucherGiftFormSchema,
    handler: (form, context) =>
      answer('gifting', async () => {
        const user = await signedIn(context);
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

  /** Issue 18.2, 18.3: buy an extension (VVE) or Protect my voucher (DVP) on /order-addon. */
  buyVoucherAddon: defineAction({
    accept: 'form',
    input: OrderAddonFormSchema,
    handler: (form, context) =>
      answer('vouchers', async () => {
        const user = await signedIn(context);
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
          idempotencyKey: form.idempotencyKey,
          now: new Date(),
          origin: publicOrigin(),
        });
        // The add-on's confirmation email goes now, as the order confirmation does.
        if (bought.ok && !bought.replayed) await flushOutbox();
        if (!bought.ok) {
          throw new ActionError({
            code: ActionError.statusToCode(bought.status) as ActionCode,
            message: bought.reason ? `${bought.message} ${bought.reason}` : bought.message,
          });
        }
        return { orderId: bought.orderId, expiresAt: bought.expiresAt.toISOString(), isProtected: bought.isProtected };
      }),
  }),

  /** Issue 22: a new guide (its first version, a draft) from a slug and a name. */
  guideCreate: defineAction({
    accept: 'form',
    input: z.object({ slug: z.string(), displayName: z.string() }),
    handler: ({ slug, displayName }, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const guideSlug = slugFrom(slug);
        const content = GuideContentSchema.safeParse({
          displayName,
          description: `${displayName.trim()}: our pick of the best deals.`,
        });
        if (!content.success) throw new Invalid(guideFormErrors(content.error).join(' · '));
        const { db } = await getDb();
        await createGuide(db, editor, guideSlug, content.data);
        return { slug: guideSlug };
      }),
  }),

  /**
   * Issue 22: save the editor's form as a new version (a draft), and with intent "publish" publish it:
   * the guide's cache tag is invalidated after commit, so the public page shows it on the next request.
   */
  guideEdit: defineAction({
    accept: 'form',
    input: GuideFormSchema,
    handler: (form, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const slug = slugFrom(form.get('slug'));
        const base = DbIdInputSchema.safeParse(form.get('baseVersion'));
        if (!base.success) throw new Invalid('Reload the editor: the form does not say which version it edits.');
        const baseVersion = base.data;
        const intent = form.get('intent') === 'publish' ? 'publish' : 'save';
        const content = guideContentFrom(form);
        const { db } = await getDb();
        const current = await retrieveGuideForEditor(db, slug);
        const unchanged =
          current.latestVersion === baseVersion && JSON.stringify(current.content) === JSON.stringify(content);
        const { version } = unchanged
          ? { version: baseVersion }
          : await saveGuideDraft(db, editor, slug, content, baseVersion);
        if (intent === 'save')
          return { slug, version, published: false, message: `Saved version ${version} as a draft.` };
        await publishGuideVersion(db, editor, slug, version);
        await refreshGuidePages(context, slug);
        return {
          slug,
          version,
          published: true,
          message: `Published version ${version}. The guide page shows it now.`,
        };
      }),
  }),

  /** Issue 22: copy an old version into a new draft (publish it to put it live). */
  guideRestore: defineAction({
    accept: 'form',
    input: z.object({ slug: z.string(), version: DbIdInputSchema }),
    handler: ({ slug, version }, context) =>
      answer('content', async () => {
        const editor = await requireEditor(context);
        const { db } = await getDb();
        const restored = await restoreGuideVersion(db, editor, slugFrom(slug), version);
        return {
          slug,
          version: restored.version,
          message: `Version ${version} restored as draft version ${restored.version}. Publish it to put it live.`,
        };
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

  /**
   * Issue 18.4: a merchant member marks a returned parcel received (the /merchant/{id}/returns form):
   * Returned to the Merchant, then the customer's refund. Another merchant's return is a 404.
   */
  receiveReturn: defineAction({
    accept: 'form',
    input: ReturnReceivedFormSchema,
    handler: ({ merchantId, voucherId }, context) =>
      answer('merchants', async () => {
        const user = await signedIn(context);
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

  /** Issue 24 item 5 (spec 4 calendarStepTwo): the voucher's owner asks the merchant for a date. */
  requestBooking: defineAction({
    accept: 'form',
    input: BookingRequestFormSchema,
    handler: ({ voucherId, date }, context) =>
      answer('bookings', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        const booking = await requestBooking(db, {
          voucherId,
          userId: user.id,
          date,
          now: new Date(),
          origin: publicOrigin(),
        });
        await flushOutbox();
        return { voucherId, bookingId: booking.id, requestedDate: booking.requestedDate };
      }),
  }),

  /** Issue 23 item 3: the voucher's owner accepts the date the merchant proposed; the voucher becomes Booked. */
  acceptBookingDate: defineAction({
    accept: 'form',
    input: BookingAcceptFormSchema,
    handler: ({ voucherId }, context) =>
      answer('bookings', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        const booking = await acceptProposedDate(db, {
          voucherId,
          userId: user.id,
          now: new Date(),
          origin: publicOrigin(),
        });
        await flushOutbox();
        return { voucherId, bookingId: booking.id, date: booking.date };
      }),
  }),

  /**
   * Issue 23 item 3 / issue 24 item 5 (spec 4 bcorStepOne): a merchant member confirms a requested date
   * (the voucher becomes Booked), declines it with a note, or proposes another date. The customer is emailed.
   */
  decideBooking: defineAction({
    accept: 'form',
    input: BookingDecisionFormSchema,
    handler: ({ merchantId, bookingId, intent, note, date }, context) =>
      answer('bookings', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        await requireMembership(db, user.id, merchantId);
        const decision = { merchantId, bookingId, userId: user.id, now: new Date(), origin: publicOrigin() };
        const said = note === '' ? null : note;
        const booking =
          intent === 'confirm'
            ? await confirmBooking(db, decision)
            : intent === 'propose'
              ? await proposeBookingDate(db, { ...decision, date, note: said })
              : await declineBooking(db, { ...decision, note: said });
        await flushOutbox();
        return { bookingId: booking.id, status: booking.status };
      }),
  }),

  /**
   * Issue 19 (spec 1, 2): join VIP. The subscription deal goes into the signed-in shopper's basket
   * and they pay for it at checkout (vipChecked); the order event starts the subscription.
   */
  joinVip: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer(
        'subscriptions',
        async () => {
          const user = await signedIn(context);
          const { db } = await getDb();
          const product = {
            dealId: VIP_SUBSCRIPTION_DEAL_ID,
            dealProductId: VIP_SUBSCRIPTION_DEAL_ID,
            quantity: 1,
            purchaseUrl: '/myaccount/subscriptions',
          };
          let token = await basketTokenForRequest(context, db, user);
          const basket = token === null ? null : await retrieveBasket(db, token);
          if (basket === null) token = null;
          else if (!basket.lines.some((line) => line.dealId === VIP_SUBSCRIPTION_DEAL_ID) && token !== null) {
            await addToBasket(db, token, product);
          }
          token ??= await createBasket(db, {
            brand: context.locals.brand,
            customerToken: user.customerToken,
            eligibleForVip: user.isVip,
            products: [product],
          });
          const priced = await retrievePricedBasket(db, token, { userId: user.id });
          rememberBasket(context, token, priced?.visibleQuantity ?? 0);
          return { next: '/checkout?vipChecked=true' as const };
        },
        MESSAGES.subscriptionError,
      ),
  }),

  /** Issue 19 (spec 2 My Subscriptions "Cancel Renewal"): VIP stays until the paid period ends. */
  cancelVipRenewal: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer(
        'subscriptions',
        async () => {
          const user = await signedIn(context);
          const { db } = await getDb();
          const view = await cancelRenewal(db, user.id, new Date());
          return { until: view.currentPeriodEnd.toISOString() };
        },
        MESSAGES.subscriptionError,
      ),
  }),

  /** Issue 19 (spec 5 Loyalty exchange): points for wallet credit; the form's key makes a resubmit the same exchange. */
  exchangePoints: defineAction({
    accept: 'form',
    input: z.object({
      points: z.coerce.number({ message: 'Enter a number of points.' }),
      requestKey: z.string().trim().min(8).max(64),
    }),
    handler: ({ points, requestKey }, context) =>
      answer('loyalty', async () => {
        const user = await signedIn(context);
        const { db } = await getDb();
        return exchangePoints(db, { userId: user.id, points, requestKey });
      }),
  }),

  /**
   * spec 2 account mini menu "Logout" and the /logout page: a form POST ends the session in the store
   * (the page then sends the shopper to /login). A GET never signs anyone out.
   */
  logout: defineAction({
    accept: 'form',
    input: z.object({}),
    handler: (_input, context) =>
      answer('accounts', async () => {
        signOut(context);
        return { signedOut: true as const };
      }),
  }),
};

type ActionContext = Parameters<typeof currentUser>[0] & { clientAddress?: string };

async function signedIn(context: ActionContext): Promise<UserRow> {
  const user = await currentUser(context);
  if (user === null) throw new AccountError('notSignedIn');
  return user;
}
