/**
 * $user (spec 3 User, spec 4 "Auth"): islands read who is signed in from here, never from the
 * shared page HTML. The auth check is finished once a profile load has answered, either way;
 * setting the user marks them authenticated, reset clears it.
 */

import { map } from 'nanostores';
import { type UserProfileRead as UserProfile, UserProfileReadSchema } from '@/contracts/user-profile';
import { IDENTITY_COOKIES } from '@/domain/cookies';
import { getErrorMessage } from '@/domain/error-message';
import { vipFlagValue } from '@/domain/subscription';

export interface UserState {
  isAuthenticated: boolean;
  isAuthCheckFinished: boolean;
  userprofile: UserProfile | null;
  /** spec 3: username comes from firstName. */
  username: string;
}

const SIGNED_OUT: UserState = { isAuthenticated: false, isAuthCheckFinished: false, userprofile: null, username: '' };

export const $user = map<UserState>({ ...SIGNED_OUT });

/** spec 4 VIP flag: where it is kept in the browser. */
export const VIP_FLAG_KEY = 'vipFlag';

/** spec 4: the VIP flag is stored locally as "VIP" or "Non - VIP", and removed when unknown. */
function storeVipFlag(isVip: boolean | null): void {
  if (typeof localStorage === 'undefined') return;
  const value = vipFlagValue(isVip);
  try {
    if (value === null) localStorage.removeItem(VIP_FLAG_KEY);
    else localStorage.setItem(VIP_FLAG_KEY, value);
  } catch (error) {
    // Storage can be full or blocked (private mode); the flag is a convenience, the server decides VIP.
    console.warn('[user] VIP flag not stored:', getErrorMessage(error));
  }
}

/** spec 4: setting the user marks them authenticated. */
export function setUser(profile: UserProfile): void {
  $user.set({ ...$user.get(), isAuthenticated: true, userprofile: profile, username: profile.firstName });
  storeVipFlag(profile.vipUser);
}

/** spec 4: reset clears the user (the auth check stays as it was). */
export function resetUser(): void {
  $user.set({ ...SIGNED_OUT, isAuthCheckFinished: $user.get().isAuthCheckFinished });
  storeVipFlag(null);
}

/** spec 4: the auth check flag becomes true when finished. */
export function finishAuthCheck(): void {
  $user.setKey('isAuthCheckFinished', true);
}

/** The profile endpoint (spec 7 GET user with origin); injectable for tests. */
export type ProfileFetcher = () => Promise<Response>;

/** The readable spec 3 "user logged in" cookie, set at sign-in and cleared at sign-out. */
export function hasSignedInCookie(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${IDENTITY_COOKIES.userLoggedIn}=true`);
}

/** A guest (no signed-in cookie) is answered here as the server would, without a request. */
const fetchProfile: ProfileFetcher = () =>
  hasSignedInCookie()
    ? fetch(`/api/v1/user?origin=${encodeURIComponent(window.location.pathname)}`, {
        credentials: 'include',
        headers: { Accept: 'application/json' },
      })
    : Promise.resolve(new Response(null, { status: 401 }));

let loading: Promise<void> | null = null;

/**
 * spec 4: a profile load sets the user if an email is present, and the auth check is finished
 * either way (a guest's 401 and a network failure included). Loads once per page.
 */
export function loadProfile(fetcher: ProfileFetcher = fetchProfile): Promise<void> {
  loading ??= (async () => {
    try {
      const response = await fetcher();
      const parsed = response.ok ? UserProfileReadSchema.safeParse(await response.json()) : null;
      if (parsed?.success && parsed.data.email !== '') setUser(parsed.data);
      else resetUser();
    } catch (error) {
      console.warn('[user] profile load failed:', getErrorMessage(error));
      resetUser();
    } finally {
      finishAuthCheck();
    }
  })();
  return loading;
}

/** Tests only: forget the loaded profile. */
export function forgetProfileLoad(): void {
  loading = null;
  $user.set({ ...SIGNED_OUT });
}
