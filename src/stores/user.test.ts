/** spec 4 "Auth" semantics of $user (table-driven where it reads well). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $user, forgetProfileLoad, loadProfile, resetUser, setUser, VIP_FLAG_KEY } from './user';

const profile = {
  email: 'ada@example.co.uk',
  firstName: 'Ada',
  lastName: 'L',
  vipUser: false,
  customerToken: 'token-123456',
};
const answer = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('spec 4 Auth', () => {
  beforeEach(() => forgetProfileLoad());

  it('setting the user marks them authenticated; reset clears it', () => {
    setUser(profile);
    expect($user.get()).toMatchObject({ isAuthenticated: true, username: 'Ada' });
    resetUser();
    expect($user.get()).toMatchObject({ isAuthenticated: false, userprofile: null, username: '' });
  });

  it.each([
    ['a profile with an email', answer(200, profile), true],
    ['a profile without an email', answer(200, { ...profile, email: '' }), false],
    ['a guest (401)', answer(401, { message: 'Please sign in first.', status: 401 }), false],
    [
      'a network failure',
      async () => {
        throw new Error('offline');
      },
      false,
    ],
  ])('a profile load with %s: authenticated %s, auth check finished either way', async (_, fetcher, authenticated) => {
    expect($user.get().isAuthCheckFinished).toBe(false);
    await loadProfile(fetcher);
    expect($user.get().isAuthenticated).toBe(authenticated);
    expect($user.get().isAuthCheckFinished).toBe(true);
  });
});

describe('spec 4 VIP flag', () => {
  it('is stored locally as VIP or Non - VIP with the profile, and removed when the user is unknown', () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    try {
      setUser({ ...profile, vipUser: true });
      expect(stored.get(VIP_FLAG_KEY)).toBe('VIP');
      setUser(profile);
      expect(stored.get(VIP_FLAG_KEY)).toBe('Non - VIP');
      resetUser();
      expect(stored.has(VIP_FLAG_KEY)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
