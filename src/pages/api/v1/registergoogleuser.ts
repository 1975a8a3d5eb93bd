/**
 * spec 7 registergoogleuser: "Sign in with Google" (docs/decisions/055). GET starts the OpenID Connect
 * redirect flow and is also where Google sends the shopper back: a new email registers an account
 * with no password, an existing one is linked and signed in (src/server/http/social-sign-in.ts).
 */
import { googleSignInRoute } from '@/server/http';
import { googleSignIn, publicOrigin } from '@/server/runtime';

export const GET = googleSignInRoute(googleSignIn, publicOrigin);
