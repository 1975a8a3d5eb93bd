import { describe, expect, it } from 'vitest';
import { basketErrorWording, basketNoticeFor } from './basket-copy';

describe("basket refusals in the shopper's words", () => {
  it.each([
    ['soldOut', 'SOLD OUT'], // spec 4
    ['argsMalformed', 'args malformed'], // spec 5
    ['noBasketToken', 'No Basket Token'], // spec 8
    ['dealEnded', 'This deal has ended.'],
  ] as const)('%s reads "%s"', (code, words) => {
    expect(basketErrorWording(code)).toBe(words);
    expect(basketNoticeFor(code)).toBe(words);
  });

  it("an unexpected failure reads as spec 8's generic message", () => {
    expect(basketNoticeFor('error')).toBe('Something went wrong. Please try again.');
  });

  it.each([null, undefined, '', 'toString', '<script>'])('an unknown code (%s) shows nothing', (code) => {
    expect(basketNoticeFor(code)).toBeNull();
  });
});
