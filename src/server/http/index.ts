/**
 * The web layer (docs/decisions/037): everything that knows about HTTP (cookies, sessions,
 * APIContext, status codes, request bodies) lives here; the services under src/server take plain
 * inputs. Callers import only this file.
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
export { experimentCookies, withExperimentCookies } from './experiment-cookies';
export { answerUnexpectedFailures } from './failures';
export { checkFormOrigin, isForbiddenCrossOriginRequest } from './origin-check';
export { recordNotFound, requestRecord } from './request-log';
export { isPersonalRoute, loadRequestUser, PERSONAL_CACHE_CONTROL } from './request-user';
export { currentUser, refreshSessionEpoch, rememberDeletedEmail, signIn, signOut } from './session';
export { installSignInHooks, listSignInHooks, runSignInHooks, type SignedIn, type SignInHook } from './sign-in-hooks';
export {
  forgetWishlistCookie,
  readWishlistCookie,
  rememberWishlistCookie,
  requestWishlistOwner,
} from './wishlist-request';
