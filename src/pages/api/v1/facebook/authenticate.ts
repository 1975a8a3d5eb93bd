/**
 * spec 7 /facebook/authenticate: "Continue with Facebook", behind FEATURE_FACEBOOK_LOGIN (404 when
 * off; docs/decisions/055). GET starts Facebook's OAuth flow and is also where Facebook sends the
 * shopper back (src/server/http/social-sign-in.ts).
 */
import { facebookSignInRoute } from '@/server/http';
import { facebookSignIn, publicOrigin } from '@/server/runtime';

export const GET = facebookSignInRoute(facebookSignIn, publicOrigin);
