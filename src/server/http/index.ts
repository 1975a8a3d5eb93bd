/**
 * The web layer (docs/decisions/038-one-http-edge.md): everything that knows about HTTP (cookies,
 * sessions, Astro's context, request bodies, status codes) lives here; the services under src/server
 * take plain inputs and return results or throw the error family of src/domain/errors.ts, and the
 * status of a refusal is decided once (./status.ts). Callers import only this file; astro.config.mjs
 * also names ./session-driver.ts and ./route-cache.ts, Astro's own entry points.
 */

export { refuseUnreadableActionBodies } from './action-bodies';
export { apiError, BODY_MESSAGES, describeIssues, json, parseQuery, readRequestBody } from './api';
export {
  type BasketContext,
  ownBasketToken,
  ownedFields,
  ownPathToken,
  pricedBasketResponse,
} from './basket-api';
export {
  BASKET_COOKIE_SECONDS,
  basketTokenForRequest,
  forgetBasket,
  readBasketToken,
  rememberBasket,
} from './basket-cookies';
export { addToRequestBasket } from './basket-request';
export { payLaterPayRoute, payLaterSessionRoute, payResponse } from './checkout';
export {
  aliasTarget,
  answerDealPath,
  canonicalDealLocation,
  canPreviewDeal,
  evergreenSlugOf,
  isDealPreviewAsked,
} from './deal-route';
export { type EditorAccess, editorAccess } from './editor-access';
export { type Caller, endpoint, IDEMPOTENCY_KEY_REQUIRED, OPERATOR_MESSAGES } from './endpoint';
export { experimentCookies, withExperimentCookies } from './experiment-cookies';
export { EXPOSURE_SESSION_COOKIE, exposeVariant, readVariant, shownPriceOptions } from './experiment-exposure';
export { answerUnexpectedFailures } from './failures';
export { idempotencyOwner } from './idempotency-owner';
export { applyCampaignCookies, type CampaignOutcome, consentCookieOf, MARKETING_COOKIES } from './landing-cookies';
export { loadMerchantPage, type MerchantPage } from './merchant-page';
export { checkFormOrigin, isForbiddenCrossOriginRequest } from './origin-check';
export { recordNotFound, requestRecord } from './request-log';
export { isPersonalRoute, loadRequestUser, PERSONAL_CACHE_CONTROL } from './request-user';
export {
  currentUser,
  refreshSessionEpoch,
  rememberDeletedEmail,
  requireSignedIn,
  signIn,
  signOut,
} from './session';
export { installSignInHooks, listSignInHooks, runSignInHooks, type SignedIn, type SignInHook } from './sign-in-hooks';
export { facebookSignInRoute, googleSignInRoute } from './social-sign-in';
export { errorResponse, refusalBody, refusalResponse, statusOf } from './status';
export { rememberSubscriptionValidity } from './subscription-cookie';
export { guestOrderIds, isGuestVoucherVisit, rememberGuestOrder, voucherPdfResponse } from './voucher-access';
export { type AddonPurchase, addonPurchaseResponse } from './voucher-addons';
export {
  forgetWishlistCookie,
  readWishlistCookie,
  rememberWishlistCookie,
  requestWishlistOwner,
} from './wishlist-request';
