/**
 * "Show more": appends the listing's next page from the read API (/api/v1/deals) under the
 * server-rendered grid, in blocks of 9 (spec 9), keeping the spec 4 deal-list state in $dealList.
 * Failures and an empty answer ("Empty response from server", spec 5) leave a retry message
 * in an aria-live region. The plain page links below keep working without JavaScript.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DealFeedResponse } from '../contracts/deal-feed';
import { MESSAGES } from '../domain/messages';
import { $dealList, appendDeals, markNoMore, startDealList } from '../stores/deal-list';
import DealCard from './DealCard';

type Props = {
  /** /api/v1/deals with the listing's path and filters, without page. */
  feedUrl: string;
  /** The page the server rendered (1-based). */
  page: number;
  lastPage: number;
  pageSize: number;
  /** Ids already on the page (main deal and grid), never shown twice. */
  shownIds: number[];
};

/** spec 9: deals come in blocks of 9. */
const BLOCK = 9;

/** Fetches one page (1-based) of the feed; the API counts pages from 0 (spec 7). */
async function fetchPage(feedUrl: string, page: number, pageSize: number) {
  const url = `${feedUrl}&page=${page - 1}&pageSize=${pageSize}`;
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Deal feed answered ${response.status}`);
  const text = await response.text();
  if (text.trim() === '') throw new Error(MESSAGES.emptyResponse);
  const body: unknown = JSON.parse(text);
  if (!isFeedPage(body)) throw new Error(MESSAGES.emptyResponse);
  return body;
}

/**
 * A light check of the feed's shape. The server answers DealFeedResponseSchema; parsing it with zod
 * here would add about 20 KB gzipped to every listing page, so the island checks only what it reads.
 */
function isFeedPage(body: unknown): body is Pick<DealFeedResponse, 'deals' | 'nomore'> {
  if (typeof body !== 'object' || body === null || !('deals' in body) || !('nomore' in body)) return false;
  const { deals, nomore } = body;
  return (
    typeof nomore === 'boolean' &&
    Array.isArray(deals) &&
    deals.every(
      (deal) =>
        typeof deal === 'object' && deal !== null && typeof deal.id === 'number' && typeof deal.url === 'string',
    )
  );
}

export default function ShowMore({ feedUrl, page, lastPage, pageSize, shownIds }: Props) {
  const list = useStore($dealList);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [announcement, setAnnouncement] = useState('');
  // The server renders the button disabled; it works once this island has hydrated.
  const [isReady, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    startDealList(shownIds, page);
    if (page >= lastPage) markNoMore(page);
  }, [shownIds, page, lastPage]);

  const loadMore = async () => {
    const next = list.lastPage + 1;
    setStatus('loading');
    setAnnouncement('Loading more deals…');
    try {
      const feed = await fetchPage(feedUrl, next, pageSize);
      const before = $dealList.get().deals.length;
      appendDeals(feed.deals, next, pageSize);
      if (feed.nomore || next >= lastPage) markNoMore(next);
      const added = $dealList.get().deals.length - before;
      setStatus('idle');
      setAnnouncement(added === 1 ? '1 more deal added.' : `${added} more deals added.`);
    } catch (error) {
      console.warn('Show more failed:', error instanceof Error ? error.message : error);
      setStatus('failed');
      setAnnouncement(MESSAGES.somethingWentWrong);
    }
  };

  const blocks: (typeof list.deals)[] = [];
  for (let start = 0; start < list.deals.length; start += BLOCK) blocks.push(list.deals.slice(start, start + BLOCK));

  return (
    <div className="show-more">
      {blocks.length > 0 && (
        <div className="deal-grid show-more__grid">
          {blocks.map((block) => (
            <ul className="deal-grid__block" key={block[0]?.id}>
              {block.map((deal) => (
                <li className="deal-grid__item" key={deal.id}>
                  <DealCard deal={deal} headingLevel={3} />
                </li>
              ))}
            </ul>
          ))}
        </div>
      )}
      <p className="show-more__status" aria-live="polite" role="status">
        {announcement}
      </p>
      {!list.nomore && (
        <button
          type="button"
          className="button show-more__button"
          onClick={loadMore}
          disabled={!isReady || status === 'loading'}
        >
          {status === 'loading' ? 'Loading…' : status === 'failed' ? 'Try again' : 'Show more deals'}
        </button>
      )}
    </div>
  );
}
