import { cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { parseShareDealData, SHARES_KEPT } from '@/domain/club-engagement';
import { $shareDealData, recordShare, sendClubEngagement, useClubEngagementFetch } from './club-engagement';

interface Sent {
  path: string;
  body: unknown;
}

/** A network that answers each POST with the next status (or throws for 'offline'), noting what was sent. */
function network(answers: Array<number | 'offline'>) {
  const sent: Sent[] = [];
  const fetcher = async (path: string, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    const answer = answers.shift() ?? 200;
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ pointsEarned: 0 }), { status: answer });
  };
  return { sent, fetcher };
}

describe('$shareDealData (spec 3 club engagement store shareDealData; spec 6; spec 7 POST club engagement)', () => {
  afterEach(() => {
    $shareDealData.set([]);
    cleanStores($shareDealData);
  });

  it("spec 6: a guest's shares are not kept, so nothing is sent", async () => {
    const { sent, fetcher } = network([]);
    useClubEngagementFetch(fetcher, () => false);
    keepMount($shareDealData);
    expect(recordShare(31_000_001, 'facebook')).toBe(false);
    await sendClubEngagement();
    expect($shareDealData.get()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("spec 7: a member's shares go in one batch to /reward/bulkPublishEvents and are cleared once taken", async () => {
    const { sent, fetcher } = network([200]);
    useClubEngagementFetch(fetcher, () => true);
    keepMount($shareDealData);
    recordShare(31_000_001, 'facebook');
    recordShare(31_000_002, 'x');
    await sendClubEngagement();
    expect(sent).toEqual([
      {
        path: '/api/v1/reward/bulkPublishEvents',
        body: {
          shareDeal: [
            { dealId: 31_000_001, publisherSource: 'facebook' },
            { dealId: 31_000_002, publisherSource: 'x' },
          ],
          viewDeal: [],
        },
      },
    ]);
    expect($shareDealData.get()).toEqual([]);
  });

  it('a share made while a batch is on its way goes in the next batch, and is not cleared with the first', async () => {
    let release: (response: Response) => void = () => undefined;
    const bodies: unknown[] = [];
    useClubEngagementFetch(
      (_path, init) => {
        bodies.push(JSON.parse(String(init.body)));
        return bodies.length === 1
          ? new Promise<Response>((resolve) => {
              release = resolve;
            })
          : Promise.resolve(new Response('{}', { status: 200 }));
      },
      () => true,
    );
    keepMount($shareDealData);
    recordShare(31_000_001, 'facebook');
    const first = sendClubEngagement();
    recordShare(31_000_003, 'native');
    const second = sendClubEngagement();
    expect($shareDealData.get()).toHaveLength(2);
    release(new Response('{}', { status: 200 }));
    await Promise.all([first, second]);
    expect(bodies).toEqual([
      { shareDeal: [{ dealId: 31_000_001, publisherSource: 'facebook' }], viewDeal: [] },
      { shareDeal: [{ dealId: 31_000_003, publisherSource: 'native' }], viewDeal: [] },
    ]);
    expect($shareDealData.get()).toEqual([]);
  });

  it('offline or a server error keeps the shares for the next page; a 401 (signed out meanwhile) clears them', async () => {
    const { sent, fetcher } = network(['offline', 503, 401]);
    useClubEngagementFetch(fetcher, () => true);
    keepMount($shareDealData);
    recordShare(31_000_001, 'x');
    await sendClubEngagement();
    expect($shareDealData.get()).toEqual([{ dealId: 31_000_001, publisherSource: 'x' }]);
    await sendClubEngagement();
    expect($shareDealData.get()).toEqual([{ dealId: 31_000_001, publisherSource: 'x' }]);
    await sendClubEngagement();
    expect(sent).toHaveLength(3);
    expect($shareDealData.get()).toEqual([]);
  });

  it(`keeps at most ${SHARES_KEPT} shares, the newest, and reads back only well-formed ones`, () => {
    useClubEngagementFetch(network([]).fetcher, () => true);
    keepMount($shareDealData);
    for (let i = 1; i <= SHARES_KEPT + 5; i += 1) recordShare(i, 'facebook');
    const kept = $shareDealData.get();
    expect(kept).toHaveLength(SHARES_KEPT);
    expect(kept[0]?.dealId).toBe(6);
    expect(parseShareDealData(JSON.stringify(kept))).toEqual(kept);
    expect(
      parseShareDealData(
        JSON.stringify([
          { dealId: 'x', publisherSource: 'x' },
          { dealId: 7, publisherSource: 'mail' },
          { dealId: 8, publisherSource: 'x' },
        ]),
      ),
    ).toEqual([{ dealId: 8, publisherSource: 'x' }]);
    expect(parseShareDealData('not json')).toEqual([]);
    expect(parseShareDealData(null)).toEqual([]);
  });
});
