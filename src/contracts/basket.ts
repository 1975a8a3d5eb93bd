/**
 * The basket on the wire (spec 3 Basket and Basket line, spec 7 basket service): the request
 * bodies the /api/v1/basket calls accept and the priced basket GET answers with. Islands read
 * these shapes; the server builds them from the catalogue on every read (prices are never stored).
 */
import { z } from 'zod';
import { BASKET_TOKEN_MIN } from '@/domain/basket';
import { MoneySchema } from './deal';
import { DeliveryOptionViewSchema, ShippingMethodSchema } from './delivery';
import { DbIdInputSchema, text } from './text';

/** spec 3 delivery options. */
export const DeliveryOptionTypeSchema = z.enum(['e-gift', 'ndd-gpk', 'std-gpk', 'none']);

const IsoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are written YYYY-MM-DD' });
const Id = DbIdInputSchema;

/** spec 5 tokens: a basket token longer than 10 characters. */
export const BasketTokenSchema = text().min(BASKET_TOKEN_MIN).max(64);

/**
 * spec 3 Basket line as a caller sends it. Quantity 0 means "take it out" (spec 4 merge rules);
 * prices are not accepted: they always come from the catalogue.
 */
export const BasketProductInputSchema = z.object({
  dealId: Id.optional(),
  /** The deal option (spec 3 deal product id). */
  dealProductId: Id,
  quantity: z.coerce.number().int().min(0).max(999).default(1),
  checkInDate: IsoDate.nullish(),
  checkOutDate: IsoDate.nullish(),
  numberOfNights: z.coerce.number().int().positive().max(365).nullish(),
  /** A choose-your-flight option's departure airport (IATA code). */
  departureAirport: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullish(),
  gift: z.boolean().optional(),
  giftClaim: z.boolean().optional(),
  payDeposit: z.boolean().optional(),
  deliveryOptionType: DeliveryOptionTypeSchema.optional(),
  purchaseLocation: text().max(200).nullish(),
  purchaseUrl: text().max(2000).nullish(),
  purchaseGclid: text().max(200).nullish(),
  sessionPurchaseSource: text().max(200).nullish(),
});
export type BasketProductInput = z.output<typeof BasketProductInputSchema>;

/** spec 7 POST basket: brand, customerToken, eligibleForVip and products. */
export const CreateBasketSchema = z.object({
  brand: text().trim().min(1).max(40).default('tuppence'),
  customerToken: text().min(10).max(64).nullish(),
  eligibleForVip: z.boolean().default(false),
  products: z.array(BasketProductInputSchema).max(50).default([]),
});
export type CreateBasketInput = z.input<typeof CreateBasketSchema>;

/**
 * spec 7 PUT and PATCH basket: brand, customerToken, eligibleForVip, id, products. spec 5: a
 * replace needs products. PUT makes the lines exactly these; PATCH merges them (spec 4).
 */
export const ReplaceBasketSchema = CreateBasketSchema.extend({
  id: text().max(64).optional(),
  products: z.array(BasketProductInputSchema).max(50),
});
export const PatchBasketSchema = CreateBasketSchema.partial().extend({
  id: text().max(64).optional(),
  products: z.array(BasketProductInputSchema).max(50).optional(),
});

/**
 * spec 7 PATCH a basket product, partial: quantity, giftWrap, giftPack, gift, gifting, payDeposit,
 * deliveryOptionType. giftWrap sets the line's wrap quantity by spec 4's gifting rules. giftPack is
 * accepted so callers keep spec 7's shape but changes nothing here: a gift pack needs its address, so
 * it is chosen on the checkout's gifting page or through POST /gift/create (decision 028).
 */
export const UpdateBasketLineSchema = z
  .object({
    quantity: z.coerce.number().int().min(0).max(999),
    giftWrap: z.coerce.number().int().min(0).max(99),
    giftPack: z.coerce.number().int().min(0).max(99),
    gift: z.boolean(),
    gifting: z.object({ gift: z.boolean().optional(), type: DeliveryOptionTypeSchema.optional() }).loose(),
    payDeposit: z.boolean(),
    deliveryOptionType: DeliveryOptionTypeSchema,
    /** How a posted product ships (docs/decisions/051): standard or next-day where offered. */
    shippingMethod: ShippingMethodSchema,
  })
  .partial();
export type UpdateBasketLineInput = z.output<typeof UpdateBasketLineSchema>;

/** spec 7 GET get/basket: by token or by the signed-in customer's token, giftPacks=true, plus a timestamp. */
export const GetBasketQuerySchema = z
  .object({
    token: text().max(64).optional(),
    customerToken: text().max(64).optional(),
    giftPacks: z.enum(['true', 'false']).optional(),
    timestamp: text().max(20).optional(),
  })
  .refine((q) => q.token !== undefined || q.customerToken !== undefined, {
    error: 'token or customerToken is required',
  });

/** One priced line (spec 3 Basket line), priced from the catalogue now. */
export const PricedLineSchema = z.object({
  id: z.number().int(),
  dealId: z.number().int(),
  dealProductId: z.number().int(),
  headline: z.string(),
  productTitle: z.string(),
  merchantName: z.string(),
  imageUrl: z.string().nullable(),
  dealUrl: z.string(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  originalPrice: MoneySchema,
  /** Postage for the line (per unit times quantity). */
  postage: MoneySchema,
  /** unitPrice times quantity, plus postage. */
  lineTotal: MoneySchema,
  pricePerPerson: z.boolean(),
  /** spec 5 quantity bounds now; max null when nothing limits it. */
  bounds: z.object({ min: z.number().int(), max: z.number().int().nullable() }),
  isAvailable: z.boolean(),
  /** Why the line cannot be bought now (ended, sold out, ...), in words for the shopper. */
  unavailableReason: z.string().nullable(),
  isTravel: z.boolean(),
  /** spec 3 Deal subCategory.id and highFraudRisk: what payment eligibility reads (spec 5). */
  subCategoryId: z.number().int().nullable(),
  highFraudRisk: z.boolean(),
  checkInDate: z.string().nullable(),
  checkOutDate: z.string().nullable(),
  numberOfNights: z.number().int().nullable(),
  deliveryOptionType: DeliveryOptionTypeSchema,
  gift: z.boolean(),
  giftClaim: z.boolean(),
  payDeposit: z.boolean(),
  /** spec 3 Gift types, gifting state: what the line is sent as, and its wrap and pack lines. */
  gifting: z.object({
    type: z.enum(['none', 'e-gift', 'wrapped', 'ndd-gpk', 'std-gpk']),
    label: z.string(),
    wrapQuantity: z.number().int(),
    packQuantity: z.number().int(),
    extras: z.array(
      z.object({
        kind: z.enum(['giftWrap', 'nddGiftPack', 'stdGiftPack']),
        label: z.string(),
        quantity: z.number().int(),
        amount: MoneySchema,
      }),
    ),
    /** What the option offers: its delivery options and whether it can be wrapped. */
    offered: z.object({ deliveryOptions: z.array(z.string()), giftWrap: z.boolean() }),
    /** Who it goes to: the e-gift's recipient and send date, or the pack's address, in words. */
    summary: z.string().nullable(),
  }),
  /**
   * A posted product's delivery (docs/decisions/051): the method chosen and every option with its
   * price per unit and the days it promises if ordered now; null for a line that does not ship.
   */
  shipping: z
    .object({
      method: ShippingMethodSchema,
      options: z.array(DeliveryOptionViewSchema),
    })
    .nullable(),
});
export type PricedLine = z.output<typeof PricedLineSchema>;

/** GET basket: the basket priced from the catalogue; totals count available lines only. */
export const PricedBasketSchema = z.object({
  id: z.string(),
  customerToken: z.string().nullable(),
  brand: z.string(),
  eligibleForVip: z.boolean(),
  status: z.enum(['open', 'ordered']),
  lines: z.array(PricedLineSchema),
  /** spec 5: lines that are neither gift packs nor gift wraps and are visible. */
  visibleQuantity: z.number().int(),
  subtotal: MoneySchema,
  postage: MoneySchema,
  total: MoneySchema,
  isTravel: z.boolean(),
});
export type PricedBasket = z.output<typeof PricedBasketSchema>;

/** The deal page's "Buy now" form (progressive: a plain POST to its addToBasket action). */
export const AddToBasketFormSchema = z.object({
  dealId: Id,
  productId: Id,
  quantity: z.coerce.number().int().min(1).max(999).catch(1),
  nights: z.coerce.number().int().positive().max(365).optional().catch(undefined),
  /** The check-in date picked on a dated travel option, and the departure airport (decision 029). */
  checkInDate: z.string().optional().catch(undefined),
  departureAirport: z.string().optional().catch(undefined),
  /** spec 3 payDeposit: the deposit box was ticked. */
  payDeposit: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true')
    .catch(false),
  /** spec 4 booking calendar gift (decision 058): "Buy as a gift" was ticked in the calendar. */
  gift: z
    .string()
    .optional()
    .transform((value) => value === 'on' || value === 'true')
    .catch(false),
});
