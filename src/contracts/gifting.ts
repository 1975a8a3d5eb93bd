/**
 * The spec 7 gifting calls' contracts (gift/create, deal/gift-redeem, gift-card/redeem,
 * checkout/config/gifting, gift finder feed).
 */
import { z } from 'zod';
import { DeliveryOptionTypeSchema, PricedBasketSchema } from './basket';
import { DbIdSchema, text } from './text';

/** A gift or gift card code as typed (the service normalises it). */
export const GiftCodeSchema = z.object({ code: text().trim().min(1).max(40) });

/** spec 7 GET gift finder feed: a giftFor tag and the same filters as the deal feed. */
export const GiftFinderFeedQuerySchema = z.object({
  giftFor: text().max(40).optional(),
  location: text().max(80),
  category: text().max(80),
  personality: text().max(40).optional(),
  price: text().max(5).optional(),
  page: text().max(5).optional(),
});

/**
 * spec 7 POST /gift/create: how one line of the caller's basket is sent as a gift, the
 * same change as the checkout's gifting page: a delivery option (spec 3: e-gift with its recipient,
 * a next-day or standard gift pack with its UK address, or none), or a gift wrap quantity (spec 4:
 * 0 deletes the wrap). `token` names the basket (the caller's own; else the request's basket) and
 * `productId` the basket line (spec 3 basket line id).
 */
export const GiftCreateRequestSchema = z
  .object({
    token: text().min(11).max(64).optional(),
    productId: DbIdSchema,
    deliveryOptionType: DeliveryOptionTypeSchema.optional(),
    giftWrap: z.number().int().min(0).max(99).optional(),
    eGift: z
      .object({
        recipientName: text().max(200),
        recipientEmail: text().max(300),
        message: text().max(2000).default(''),
        sendOn: text().max(20),
      })
      .optional(),
    address: z
      .object({
        name: text().max(200),
        line1: text().max(300),
        line2: text().max(300).default(''),
        town: text().max(200),
        postcode: text().max(20),
      })
      .optional(),
  })
  .refine((body) => (body.deliveryOptionType === undefined) !== (body.giftWrap === undefined), {
    error: 'Send either deliveryOptionType or giftWrap',
  });
export type GiftCreateRequest = z.output<typeof GiftCreateRequestSchema>;

/** What POST /gift/create answers: spec 4's toast ("Gift Wrap Added", "Gift Pack Added") or null, and the basket priced again. */
export const GiftCreateResponseSchema = z.object({
  toast: z.string().nullable(),
  basket: PricedBasketSchema,
});

/** A refused gift (400): the first problem as the message, and every problem by field ("Enter a valid postcode"). */
export const GiftCreateRefusalSchema = z.object({
  status: z.literal(400),
  message: z.string(),
  problems: z.record(z.string(), z.string()),
});
