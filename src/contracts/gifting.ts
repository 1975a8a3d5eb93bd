/**
 * Issue 20: the spec 7 gifting calls' contracts (deal/gift-redeem, gift-card/redeem,
 * checkout/config/gifting, gift finder feed).
 */
import { z } from 'zod';
import { text } from './text';

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
