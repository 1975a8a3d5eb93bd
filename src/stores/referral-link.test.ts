import { describe, expect, it } from 'vitest';
import { followReferralLink, referralCodeOf } from './referral-link';

describe('refer-a-friend links (?raf=CODE)', () => {
  it.each([
    ['https://shop.test/refer-a-friend?raf=AB2CD3EF', 'AB2CD3EF'],
    ['https://shop.test/?raf=ab2cd3ef', 'AB2CD3EF'],
    ['https://shop.test/?raf=SHORT', null],
    ['https://shop.test/?raf=AB2CD3EF9', null],
    ['https://shop.test/?raf=AB2CD3E!', null],
    ['https://shop.test/', null],
  ])('%s carries %j', (href, code) => {
    expect(referralCodeOf(new URL(href))).toBe(code);
  });

  it('records the open with the channel the link came through', async () => {
    const posted: unknown[] = [];
    const ok = await followReferralLink(
      new URL('https://shop.test/refer-a-friend?raf=AB2CD3EF&utm_source=whatsapp'),
      async (body) => {
        posted.push(body);
        return new Response('{"recorded":true}', { status: 200 });
      },
    );
    expect(ok).toBe(true);
    expect(posted).toEqual([{ code: 'AB2CD3EF', channel: 'whatsapp' }]);
  });

  it('a link without a code posts nothing', async () => {
    const posted: unknown[] = [];
    expect(
      await followReferralLink(new URL('https://shop.test/refer-a-friend'), async (body) => {
        posted.push(body);
        return new Response('{}');
      }),
    ).toBe(false);
    expect(posted).toEqual([]);
  });
});
