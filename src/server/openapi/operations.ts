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
} from '../../contracts/account';
import {
  ComplementaryDealsQuerySchema,
  ComplementaryDealsSchema,
  DealDetailSchema,
  ReviewPageSchema,
  ReviewsQuerySchema,
  SoldOutNotificationRequestSchema,
  SoldOutNotificationResponseSchema,
} from '../../contracts/deal-detail';
import {
  DealFeedQuerySchema,
  DealFeedResponseSchema,
  FacetedNavigationSchema,
  FacetQuerySchema,
} from '../../contracts/deal-feed';
import {
  EarlyBirdPageSchema,
  EarlyBirdQuerySchema,
  LocationQuerySchema,
  LocationSchema,
  MenuQuerySchema,
  MenuSchema,
  NavigationsSchema,
  NearMeLocationSchema,
} from '../../contracts/location';
import {
  SearchQuerySchema,
  SearchResponseSchema,
  SuggestQuerySchema,
  SuggestResponseSchema,
} from '../../contracts/search';
import { WalletResponseSchema } from '../../contracts/wallet';
import type { ApiOperation } from './document';

const NOT_FOUND = { 404: 'Nothing with that name or id.' };
const SignedIn = z.object({ data: z.object({ customerToken: z.string() }), user: UserProfileSchema });
const Message = z.object({ message: z.string() });

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
    summary: 'Register and sign in',
    body: RegisterSchema,
    response: SignedIn,
    status: 201,
    errors: { 409: 'The email is already registered.' },
  },
  {
    method: 'post',
    path: '/api/v1/express-register',
    tag: 'accounts',
    summary: 'Create an account from an email alone (guest checkout)',
    body: ExpressRegisterSchema,
    response: AccountStatusSchema,
    status: 201,
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
];
