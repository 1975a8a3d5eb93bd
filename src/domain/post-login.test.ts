/** spec 2: where a user goes after login (table-driven). */
import { describe, expect, it } from 'vitest';
import { postLoginDestination, safeLocalPath } from './post-login';

describe('spec 2: the first stored redirect that exists, else the default account page', () => {
  it.each([
    [{ localRedirect: '/deal/1', redirectUrl: '/deals/leeds', postLoginUrl: '/myaccount/profile' }, '/deal/1'],
    [{ localRedirect: null, redirectUrl: '/deals/leeds', postLoginUrl: '/myaccount/profile' }, '/deals/leeds'],
    [{ postLoginUrl: '/myaccount/profile' }, '/myaccount/profile'],
    [{}, '/myaccount/vouchers'],
    [{ localRedirect: 'https://evil.example/', postLoginUrl: '/myaccount/wallet' }, '/myaccount/wallet'],
  ])('%j → %s', (stored, destination) => {
    expect(postLoginDestination(stored)).toBe(destination);
  });
});

describe('only same-site paths are followed', () => {
  it.each([
    ['/myaccount/profile?tab=1', '/myaccount/profile?tab=1'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['/login?redirect=/x', null],
    ['/ok\nSet-Cookie: x', null],
    ['', null],
  ])('%j → %j', (value, path) => {
    expect(safeLocalPath(value)).toBe(path);
  });
});
