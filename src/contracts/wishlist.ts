/**
 * spec 3 Wishlist and the spec 7 wishlist calls: what /api/v1/wishlist reads and answers.
 * spec 5's argument messages: no deals is "Deals missing", a malformed PATCH is "args malformed",
 * a shared-list lookup without a URL is "URL missing".
 */
import { z } from 'zod';
import { MESSAGES } from '@/domain/messages';

const DealIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** POST /api/v1/wishlist: `{ deals: [id, ...] }` (a single `dealId` is taken too). */
export const WishlistAddSchema = z
  .object({
    deals: z.array(DealIdSchema).max(200).optional(),
    dealId: DealIdSchema.optional(),
  })
  .transform((body) => [...(body.deals ?? []), ...(body.dealId === undefined ? [] : [body.dealId])])
  .refine((ids) => ids.length > 0, { message: MESSAGES.dealsMissing });

/**
 * PATCH /api/v1/wishlist: spec 7 operations. `merge` with path /customerToken joins the request's
 * guest list into that customer's (the signed-in customer only); `replace` with path /deals sets the
 * deals; `remove` with path /deals/{id} takes one away.
 */
export const WishlistOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('merge'), path: z.literal('/customerToken'), value: z.string().min(10) }),
  z.object({ op: z.literal('replace'), path: z.literal('/deals'), value: z.array(DealIdSchema).max(200) }),
  z.object({ op: z.literal('remove'), path: z.string().regex(/^\/deals\/\d+$/) }),
]);
export const WishlistPatchSchema = z.object({ operations: z.array(WishlistOperationSchema).min(1).max(20) });

export type WishlistOperation = z.output<typeof WishlistOperationSchema>;

/** GET /api/v1/wishlist/shared?url=: the shared link (spec 7 "GET a shared wishlist"). */
export const WishlistSharedQuerySchema = z.object({ url: z.string().max(2000).optional() });

/** The add body as documented (the schema above also takes a single dealId). */
export const WishlistAddDocSchema = z.object({ deals: z.array(z.number().int().positive()).min(1).max(200) });

/** spec 3 Wishlist as the API answers it. `quantity` is text, empty when zero (spec 4). */
export const WishlistResponseSchema = z.object({
  id: z.string(),
  customerToken: z.string().nullable(),
  /** Deal ids, newest first. */
  deals: z.array(z.number().int()),
  quantity: z.string(),
  /** The read-only shared link's path. */
  shareUrl: z.string(),
  errorMessage: z.string().nullable(),
});
export type WishlistResponse = z.output<typeof WishlistResponseSchema>;

/** spec 7 socialcue/deal. */
export const SocialCueQuerySchema = z.object({ dealId: z.coerce.number().int().positive().max(2_147_483_647) });
export const SocialCueSchema = z.object({
  dealId: z.number().int(),
  count: z.number().int(),
  message: z.string().nullable(),
});
