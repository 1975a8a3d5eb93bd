/**
 * Every /api/v1 operation the OpenAPI document describes, each pointing at the zod contracts
 * its endpoint parses and answers with. Add an endpoint here when you add one under /api/v1.
 */
import { z } from 'zod';
import {
  AccountStatusSchema,
  ChangePasswordSchema,
  ExpressRegisterSchema,
  ForgotPasswordSchema,
  GoogleLoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
  UserProfileSchema,
} from '@/contracts/account';
import {
  BasketProductInputSchema,
  CreateBasketSchema,
  GetBasketQuerySchema,
  PatchBasketSchema,
  PricedBasketSchema,
  ReplaceBasketSchema,
  UpdateBasketLineSchema,
} from '@/contracts/basket';
import { CheckoutQuerySchema, CheckoutViewSchema } from '@/contracts/checkout';
import { CustomerResponseSchema, UpdateInstrumentSchema } from '@/contracts/customer';
import {
  ComplementaryDealsQuerySchema,
  ComplementaryDealsSchema,
  DealDetailSchema,
  ReviewPageSchema,
  ReviewsQuerySchema,
  SoldOutNotificationRequestSchema,
  SoldOutNotificationResponseSchema,
} from '@/contracts/deal-detail';
import {
  DealFeedQuerySchema,
  DealFeedResponseSchema,
  FacetedNavigationSchema,
  FacetQuerySchema,
} from '@/contracts/deal-feed';
import {
  ExpressBuyRequestSchema,
  ExpressBuyTokenRequestSchema,
  ExpressBuyTokenResponseSchema,
} from '@/contracts/express-buy';
import {
  EarlyBirdPageSchema,
  EarlyBirdQuerySchema,
  LocationQuerySchema,
  LocationSchema,
  MenuQuerySchema,
  MenuSchema,
  NavigationsSchema,
  NearMeLocationSchema,
} from '@/contracts/location';
import { MerchantDashboardUrlQuerySchema, MerchantDashboardUrlResponseSchema } from '@/contracts/merchant';
import { OrderResponseSchema, PayRequestSchema } from '@/contracts/pay';
import {
  PayLaterPayRequestSchema,
  PayLaterSessionRequestSchema,
  PayLaterSessionResponseSchema,
} from '@/contracts/pay-later';
import { CreditClaimRequestSchema, CreditClaimResponseSchema } from '@/contracts/promotions';
import { SearchQuerySchema, SearchResponseSchema, SuggestQuerySchema, SuggestResponseSchema } from '@/contracts/search';
import { WalletResponseSchema } from '@/contracts/wallet';
import type { ApiOperation } from './document';

const NOT_FOUND = { 404: 'Nothing with that name or id.' };
const SignedIn = z.object({ data: z.object({ customerToken: z.string() }), user: UserProfileSchema });
const Message = z.object({ message: z.string() });

const BASKET_TOKEN = {
  token:
    "The basket token (longer than 10 characters, spec 5); answered only for the basket's customer, or the browser whose basket_token cookie names a guest basket",
};
const BASKET_LINE = { ...BASKET_TOKEN, lineId: 'The basket line id' };
const BASKET_ERRORS = {
  403: 'Not your customer token, a VIP-only option, or a basket of another customer.',
  404: 'No such open basket (or not yours), line or option.',
  409: 'The option cannot be bought now (SOLD OUT, ended, no longer available).',
};

/** nearmelocation takes lat and lon together, or a postcode (one query, two shapes). */
const NearMeQueryDoc = z.object({
  lat: z.number().min(-90).max(90).optional().describe('Latitude; give with lon'),
  lon: z.number().min(-180).max(180).optional().describe('Longitude; give with lat'),
  postcode: z.string().max(10).optional().describe('A UK postcode, instead of lat and lon'),
});

export const API_OPERATIONS: readonly ApiOperation[] = [
  // Catalogue reads (issue 5)
  {
    method: 'get',
    path: '/api/v1/deals',
    tag: 'deals',
    summary: 'The deal feed of a listing (spec 7), 0-based pages',
    query: DealFeedQuerySchema,
    response: DealFeedResponseSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/deal/{id}',
    tag: 'deals',
    summary: 'One deal with its products',
    pathParams: { id: 'Deal id' },
    response: DealDetailSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/deal/{id}/reviews',
    tag: 'deals',
    summary: "A deal's written reviews, 10 a page (spec 9)",
    pathParams: { id: 'Deal id' },
    query: ReviewsQuerySchema,
    response: ReviewPageSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/complementary-deals',
    tag: 'deals',
    summary: 'Deals related to one deal',
    query: ComplementaryDealsQuerySchema,
    response: ComplementaryDealsSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'post',
    path: '/api/v1/deal/sold-out-notification',
    tag: 'deals',
    summary: 'Sign up to hear when a sold-out deal is back (spec 4)',
    body: SoldOutNotificationRequestSchema,
    response: SoldOutNotificationResponseSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/facetednavigation',
    tag: 'deals',
    summary: 'Faceted navigation with counts for a location or category',
    query: FacetQuerySchema,
    response: FacetedNavigationSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/early-bird-deal',
    tag: 'deals',
    summary: 'Early Bird Deals, 0-based pages',
    query: EarlyBirdQuerySchema,
    response: EarlyBirdPageSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/search',
    tag: 'search',
    summary: 'Full-text search with typo tolerance and facets (page size 12)',
    query: SearchQuerySchema,
    response: SearchResponseSchema,
  },
  {
    method: 'get',
    path: '/api/v1/suggest',
    tag: 'search',
    summary: 'Suggestions and Top Searches for the search box',
    query: SuggestQuerySchema,
    response: SuggestResponseSchema,
  },
  {
    method: 'get',
    path: '/api/v1/location',
    tag: 'locations',
    summary: 'One location by short name',
    query: LocationQuerySchema,
    response: LocationSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/nearmelocation',
    tag: 'locations',
    summary: 'The nearest location to a point or a postcode',
    query: NearMeQueryDoc,
    response: NearMeLocationSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/merchant-dashboard-url',
    tag: 'merchants',
    summary: 'Where a merchant of this type signs in to its dashboard (spec 7)',
    query: MerchantDashboardUrlQuerySchema,
    response: MerchantDashboardUrlResponseSchema,
    errors: {},
  },
  {
    method: 'get',
    path: '/api/v1/menu',
    tag: 'navigation',
    summary: 'The menu of a location, range 1-30 (spec 7)',
    query: MenuQuerySchema,
    response: MenuSchema,
    errors: NOT_FOUND,
  },
  {
    method: 'get',
    path: '/api/v1/navigations',
    tag: 'navigation',
    summary: 'Navigation items of a location, range 1-30',
    query: MenuQuerySchema,
    response: NavigationsSchema,
    errors: NOT_FOUND,
  },
  // Accounts (issue 6)
  {
    method: 'post',
    path: '/api/v1/register',
    tag: 'accounts',
    summary: 'Register: one answer whatever the email (issue 14.10); the emailed link finishes it and signs in',
    body: RegisterSchema,
    response: Message,
    status: 202,
  },
  {
    method: 'post',
    path: '/api/v1/express-register',
    tag: 'accounts',
    summary: 'Create an account from an email alone (guest checkout); one answer whatever the email',
    body: ExpressRegisterSchema,
    response: Message,
    status: 202,
  },
  {
    method: 'get',
    path: '/api/v1/user',
    tag: 'accounts',
    summary: "The signed-in user's profile",
    response: UserProfileSchema,
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'put',
    path: '/api/v1/user',
    tag: 'accounts',
    summary: "Change the signed-in user's profile",
    body: ProfileSchema,
    response: UserProfileSchema,
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'get',
    path: '/api/v1/user/account-status',
    tag: 'accounts',
    summary: 'hasPassword, isLocked, isRegistered, tpl (spec 3)',
    response: AccountStatusSchema,
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'patch',
    path: '/api/v1/user/password',
    tag: 'accounts',
    summary: 'Change password (spec 5 rules)',
    body: ChangePasswordSchema,
    response: AccountStatusSchema,
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'post',
    path: '/api/v1/user/password_reset',
    tag: 'accounts',
    summary: 'Email a single-use reset link (valid 1 hour)',
    body: ForgotPasswordSchema,
    response: Message,
    status: 202,
  },
  {
    method: 'put',
    path: '/api/v1/user/password_reset',
    tag: 'accounts',
    summary: 'Set a new password with a reset token',
    body: ResetPasswordSchema,
    response: AccountStatusSchema,
  },
  {
    method: 'post',
    path: '/api/v1/logingoogle',
    tag: 'accounts',
    summary: 'Sign in with a Google ID token (spec 8 messages)',
    body: GoogleLoginSchema,
    response: SignedIn.extend({ redirect: z.string() }),
    errors: { 401: 'Invalid google token id', 404: 'Google sign-in is not configured.' },
  },
  {
    method: 'get',
    path: '/api/v1/user/wallet',
    tag: 'accounts',
    summary: 'spec 3 Wallet: balances by currency (minor units), userWallet and hasError',
    response: WalletResponseSchema,
    errors: { 401: 'Not signed in.' },
  },
  // Basket (issue 7): spec 7 basket service; every answer is the basket priced from the catalogue.
  {
    method: 'post',
    path: '/api/v1/basket',
    tag: 'basket',
    summary: 'Create a basket (spec 4 merge rules, spec 5 bounds); Location ends in the token, also set as a cookie',
    body: CreateBasketSchema,
    response: PricedBasketSchema,
    status: 201,
    errors: BASKET_ERRORS,
  },
  {
    method: 'get',
    path: '/api/v1/get/basket',
    tag: 'basket',
    summary: "A basket by token, or the signed-in customer's by their own customerToken",
    query: GetBasketQuerySchema,
    response: PricedBasketSchema,
    errors: { 403: 'Not your customer token.', 404: 'No such open basket.' },
  },
  {
    method: 'get',
    path: '/api/v1/basket/{token}',
    tag: 'basket',
    summary: 'A basket by token',
    pathParams: BASKET_TOKEN,
    response: PricedBasketSchema,
    errors: { 404: 'No such open basket.' },
  },
  {
    method: 'put',
    path: '/api/v1/basket/{token}',
    tag: 'basket',
    summary: 'Replace the basket: its fields and exactly these products',
    pathParams: BASKET_TOKEN,
    body: ReplaceBasketSchema,
    response: PricedBasketSchema,
    errors: BASKET_ERRORS,
  },
  {
    method: 'patch',
    path: '/api/v1/basket/{token}',
    tag: 'basket',
    summary: 'Change the fields given and merge the products in (spec 4)',
    pathParams: BASKET_TOKEN,
    body: PatchBasketSchema,
    response: PricedBasketSchema,
    errors: BASKET_ERRORS,
  },
  {
    method: 'post',
    path: '/api/v1/basket/{token}/product',
    tag: 'basket',
    summary: 'Add a product (the same option again updates its line)',
    pathParams: BASKET_TOKEN,
    body: BasketProductInputSchema,
    response: PricedBasketSchema,
    errors: BASKET_ERRORS,
  },
  {
    method: 'patch',
    path: '/api/v1/basket/{token}/product/{lineId}',
    tag: 'basket',
    summary: 'Change a line, partially (quantity 0 removes it)',
    pathParams: BASKET_LINE,
    body: UpdateBasketLineSchema,
    response: PricedBasketSchema,
    errors: BASKET_ERRORS,
  },
  {
    method: 'delete',
    path: '/api/v1/basket/{token}/product/{lineId}',
    tag: 'basket',
    summary: 'Remove a line ("args malformed" without a line id)',
    pathParams: BASKET_LINE,
    response: PricedBasketSchema,
    errors: { 404: 'No such open basket or line.' },
  },
  // Checkout and payment (issue 7).
  {
    method: 'get',
    path: '/api/v1/checkout',
    tag: 'checkout',
    summary:
      'spec 3 checkout data for the basket (token, else the basket cookie), priced from the database; "No token provided" without one',
    query: CheckoutQuerySchema,
    response: CheckoutViewSchema,
    errors: { 404: 'A token for no open basket of yours.' },
  },
  {
    method: 'post',
    path: '/api/v1/pay',
    tag: 'checkout',
    summary:
      'Place the order for the basket (amounts in pence). Needs an Idempotency-Key header: a repeat from the same customer or guest session replays the first answer; anyone else gets 422',
    body: PayRequestSchema,
    response: OrderResponseSchema,
    status: 201,
    errors: {
      402: 'The payment was refused (spec 8 message and the card reason).',
      409: 'The basket changed, sold out, a submit with this key is still running, or the email needs a sign-in.',
      422: 'This Idempotency-Key was used with a different body.',
      503: 'The order could not be completed.',
    },
  },
  // Klarna and Clearpay (issue 8).
  {
    method: 'post',
    path: '/api/v1/kn/sessions',
    tag: 'checkout',
    summary:
      'Open a Klarna session for the basket as the server prices it (the cash part after any wallet) and answer the Klarna page to send the shopper to',
    body: PayLaterSessionRequestSchema,
    response: PayLaterSessionResponseSchema,
    status: 201,
    errors: {
      409: 'A line in the basket cannot be bought now.',
      422: 'spec 5 does not offer Klarna for this order, or Klarna refused the amount ("Sorry please try a different payment method.").',
      503: 'Klarna could not be reached ("We couldn\'t contact the payment provider right now. Please pay using Visa or Mastercard.").',
      504: 'Klarna did not answer in time.',
    },
  },
  {
    method: 'post',
    path: '/api/v1/kn/pay',
    tag: 'checkout',
    summary:
      "Place the order paying with Klarna's authorization token as the nonce; the same Idempotency-Key rules as /api/v1/pay",
    body: PayLaterPayRequestSchema,
    response: OrderResponseSchema,
    status: 201,
    errors: {
      402: 'The approval was denied, declined, already used or for another amount (spec 8 message).',
      409: 'The basket changed, sold out, a submit with this key is still running, or the email needs a sign-in.',
      422: 'This Idempotency-Key was used with a different body, or Klarna is not offered for this order.',
      503: 'The order could not be completed.',
    },
  },
  {
    method: 'post',
    path: '/api/v1/cp/checkouts',
    tag: 'checkout',
    summary:
      'Open a Clearpay checkout for the basket as the server prices it (the cash part after any wallet) and answer the Clearpay page to send the shopper to',
    body: PayLaterSessionRequestSchema,
    response: PayLaterSessionResponseSchema,
    status: 201,
    errors: {
      409: 'A line in the basket cannot be bought now.',
      422: 'spec 5 does not offer Clearpay for this order, or Clearpay refused the amount ("Sorry please try a different payment method.").',
      503: 'Clearpay could not be reached ("We couldn\'t contact the payment provider right now. Please pay using Visa or Mastercard.").',
      504: 'Clearpay did not answer in time.',
    },
  },
  {
    method: 'post',
    path: '/api/v1/cp/pay',
    tag: 'checkout',
    summary:
      "Place the order paying with Clearpay's order token as the nonce; the same Idempotency-Key rules as /api/v1/pay",
    body: PayLaterPayRequestSchema,
    response: OrderResponseSchema,
    status: 201,
    errors: {
      402: 'The approval was denied, declined, already used or for another amount (spec 8 message).',
      409: 'The basket changed, sold out, a submit with this key is still running, or the email needs a sign-in.',
      422: 'This Idempotency-Key was used with a different body, or Clearpay is not offered for this order.',
      503: 'The order could not be completed.',
    },
  },
  // Saved instruments and Express Buy (issue 8).
  {
    method: 'get',
    path: '/api/v1/customer',
    tag: 'checkout',
    summary:
      "spec 7 /customer: the signed-in shopper's saved cards and PayPal accounts, default first (401 signed out)",
    response: CustomerResponseSchema,
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'patch',
    path: '/api/v1/customer/instruments/{id}',
    tag: 'checkout',
    summary: 'Make a saved payment instrument the default ({"default": true}); answers the instruments',
    pathParams: { id: 'The saved instrument id' },
    body: UpdateInstrumentSchema,
    response: CustomerResponseSchema,
    errors: { 401: 'Not signed in.', 404: 'No such instrument of yours.', 409: 'The card has expired.' },
  },
  {
    method: 'delete',
    path: '/api/v1/customer/instruments/{id}',
    tag: 'checkout',
    summary: 'Remove a saved payment instrument (and its vault entry); answers the instruments left',
    pathParams: { id: 'The saved instrument id' },
    response: CustomerResponseSchema,
    errors: { 401: 'Not signed in.', 404: 'No such instrument of yours.' },
  },
  {
    method: 'post',
    path: '/api/v1/express-buy-token',
    tag: 'checkout',
    summary:
      "spec 7 express-buy-token: a 30-minute token for Express Buy with the signed-in shopper's default saved instrument",
    body: ExpressBuyTokenRequestSchema,
    response: ExpressBuyTokenResponseSchema,
    status: 201,
    errors: {
      401: 'Not signed in.',
      403: "The email is not the signed-in shopper's.",
      404: 'No default saved payment method.',
      409: 'The default card has expired.',
    },
  },
  {
    method: 'post',
    path: '/api/v1/express-buy',
    tag: 'checkout',
    summary:
      "Buy one deal option in one step with the token's saved instrument. Needs an Idempotency-Key header: a repeat replays the first answer",
    body: ExpressBuyRequestSchema,
    response: OrderResponseSchema,
    status: 201,
    errors: {
      401: 'Not signed in, or the token is unknown or expired.',
      402: 'The payment was refused (spec 8 message and the card reason).',
      409: 'A submit with this key is still running.',
      422: '"Requested deal cannot be purchased via Express Buy." with checkoutUrl (where the standard checkout starts), or the key was used with a different body.',
      503: 'The order could not be completed.',
    },
  },
  // Promotions and credit (issue 17).
  {
    method: 'get',
    path: '/api/v1/promocode',
    tag: 'promotions',
    summary: "Whether a promo code applies to the shopper's basket now (spec 3 promoCode, spec 5 message classes)",
    query: z.object({ code: z.string().min(1).max(40), token: z.string().optional() }),
    response: z.object({
      code: z.string(),
      applicable: z.boolean(),
      message: z.string(),
      discount: z.number().int(),
      currency: z.enum(['GBP', 'EUR']).optional(),
    }),
  },
  {
    method: 'get',
    path: '/api/v1/promocode/subcategory',
    tag: 'promotions',
    summary: 'The categories and sub-categories a promo code is limited to (empty: every item)',
    query: z.object({ code: z.string().min(1).max(40) }),
    response: z.object({
      code: z.string(),
      categoryIds: z.array(z.number().int()),
      subCategoryIds: z.array(z.number().int()),
    }),
    errors: { 404: 'This promo code is invalid. Please check it and try again.' },
  },
  {
    method: 'post',
    path: '/api/v1/user/campaign-credit-claim',
    tag: 'promotions',
    summary:
      "Claim a credit-claim campaign's credit once (spec 7 credit validation; SUCCESS, ALREADY_CLAIMED or INVALID)",
    body: CreditClaimRequestSchema,
    response: CreditClaimResponseSchema,
    errors: {
      400: 'The id is not digits only (spec 5: ignored).',
      401: 'Please log in to claim your credit.',
      503: 'Unable to process credit at this time. Please try again later.',
    },
  },
  {
    method: 'get',
    path: '/api/v1/user/raf',
    tag: 'promotions',
    summary:
      "The signed-in shopper's refer-a-friend code, link, shares, opens, friends and credit (spec 1: up to 200 pounds)",
    response: z.object({
      code: z.string(),
      link: z.string(),
      message: z.string(),
      shares: z.number().int(),
      opens: z.number().int(),
      friendsReferred: z.number().int(),
      earnedMinor: z.number().int(),
      pendingMinor: z.number().int(),
      capMinor: z.number().int(),
    }),
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'post',
    path: '/api/v1/user/raf/stat/share',
    tag: 'promotions',
    summary: 'Record a share of the signed-in shopper’s refer-a-friend link',
    body: z.object({ channel: z.enum(['email', 'whatsapp', 'facebook', 'x', 'copy', 'native']) }),
    response: z.object({ recorded: z.boolean() }),
    errors: { 401: 'Not signed in.' },
  },
  {
    method: 'post',
    path: '/api/v1/user/raf/stat/open',
    tag: 'promotions',
    summary: 'Record an open of a refer-a-friend link; keeps the code in the referral cookie (30 days)',
    body: z.object({ code: z.string(), channel: z.string().max(40).optional() }),
    response: z.object({ recorded: z.boolean() }),
  },
];
