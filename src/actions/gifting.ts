/**
 * Gifting's actions (docs/decisions/028-gifting.md): how a basket line is sent as a gift at checkout,
 * claiming a gift by its code (/mygift, the claim-my-gift guide page), and redeeming a gift card into
 * wallet credit (/giftcard/redeem). Progressive forms: a plain POST works without JavaScript.
 */

import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { DbIdInputSchema } from '@/contracts/text';
import { NotFound } from '@/domain/errors';
import { changeLineGifting } from '@/server/basket';
import { getDb } from '@/server/db';
import { claimGift, redeemGiftCard } from '@/server/gifting';
import { basketTokenForRequest, currentUser, requireSignedIn } from '@/server/http';
import { answer } from './answer';

/**
 * The checkout's gifting form for one line (spec 4 "Gifting changes"). Text fields are optional: an
 * empty field arrives as absent (Astro's form reading).
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

export const giftingActions = {
  /** Choose how one basket line is sent as a gift, or set its gift wrap. */
  setGifting: defineAction({
    accept: 'form',
    input: GiftingFormSchema,
    handler: (input, context) =>
      answer('gifting', async () => {
        const { db } = await getDb();
        const token = await basketTokenForRequest(context, db, await currentUser(context));
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

  /** The recipient claims a gift with its code. */
  claimGift: defineAction({
    accept: 'form',
    input: GiftCodeFormSchema,
    handler: ({ code }, context) =>
      answer('gifting', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        return claimGift(db, { code, userId: user.id, now: new Date() });
      }),
  }),

  /** Redeem a gift card into wallet credit. */
  redeemGiftCard: defineAction({
    accept: 'form',
    input: GiftCodeFormSchema,
    handler: ({ code }, context) =>
      answer('gifting', async () => {
        const user = await requireSignedIn(context);
        const { db } = await getDb();
        return redeemGiftCard(db, { code, userId: user.id, now: new Date() });
      }),
  }),
};
