import { describe, expect, it } from 'vitest';
import { isOneTapPage } from './one-tap';

describe('spec 6: where one-tap may show to guests (decision 055)', () => {
  it.each([
    ['/', true],
    ['/deals/london', true],
    ['/deals/london/beauty/spa', true],
    ['/deal/123/spa-day', true],
    ['/search', true],
    ['/gifts', true],
    ['/login', true],
    ['/register', true],
    ['/checkout', false],
    ['/checkout/3ds', false],
    ['/order-addon/signin-page', false],
    ['/myaccount/vouchers', false],
    ['/merchant', false],
    ['/checkouts-guide', true],
  ])('%s: %s', (path, shown) => {
    expect(isOneTapPage(path)).toBe(shown);
  });
});
