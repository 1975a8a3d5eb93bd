import { describe, expect, it } from 'vitest';
import type { UserState } from '@/stores/user';
import { signedInShopper } from './account-menu';

const profile = { email: 'ada@example.co.uk', firstName: 'Ada', lastName: 'L', vipUser: false, customerToken: 't' };
const state = (over: Partial<UserState>): UserState => ({
  isAuthenticated: false,
  isAuthCheckFinished: false,
  userprofile: null,
  username: '',
  ...over,
});

describe('the header account menu (spec 2 account mini menu, decision 067)', () => {
  it('shows nobody while the auth check runs, even once the profile is set', () => {
    expect(signedInShopper(state({}))).toBeNull();
    expect(signedInShopper(state({ isAuthenticated: true, userprofile: profile, username: 'Ada' }))).toBeNull();
  });

  it('shows "Sign in" to a guest once the auth check is finished', () => {
    expect(signedInShopper(state({ isAuthCheckFinished: true }))).toBeNull();
  });

  it("is for the signed-in shopper: spec 3's username (the first name), email and VIP flag", () => {
    const finished = { isAuthCheckFinished: true, isAuthenticated: true, username: 'Ada' };
    expect(signedInShopper(state({ ...finished, userprofile: profile }))).toEqual({
      name: 'Ada',
      email: 'ada@example.co.uk',
      isVip: false,
    });
    expect(signedInShopper(state({ ...finished, userprofile: { ...profile, vipUser: true } }))?.isVip).toBe(true);
  });
});
