/**
 * spec 4: the subscription-validity cookie, "true" or "false", written after a server check of the
 * shopper's VIP subscription (one day; docs/decisions/027-vip-subscription-and-loyalty-club.md).
 */
import type { APIContext } from 'astro';
import { isSecureCookieContext } from '@/domain/cookies';
import { SUBSCRIPTION_VALID_COOKIE } from '@/domain/subscription';

/** Remembers whether the shopper's subscription was valid when the server last checked. */
export function rememberSubscriptionValidity(context: Pick<APIContext, 'cookies' | 'url'>, isValid: boolean): void {
  context.cookies.set(SUBSCRIPTION_VALID_COOKIE, String(isValid), {
    path: '/',
    maxAge: 24 * 60 * 60,
    sameSite: 'lax',
    secure: isSecureCookieContext(context.url),
  });
}
