/**
 * "Show more" (decision 010): fetches the listing's next page as HTML from /partials/deals, rendered
 * on the server by the same DealCard as the page, and appends its blocks of 9 (spec 9) to the
 * listing's grid. Focus moves to the first new card and "N more deals added." is announced; a
 * failure (or an empty answer, "Empty response from server", spec 5) leaves a retry message.
 * The spec 4 deal-list state ($dealList) records the pages and ids shown. The browser's recently
 * viewed deals (up to 5, spec 7 recentViewedDeal) are left out of the pages it adds. Without JavaScript the
 * plain ?page=n links below the grid do the same job.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { withRecentViewedDeals } from '@/components/personal/recent-ids';
import { getErrorMessage } from '@/domain/error-message';
import { MESSAGES } from '@/domain/messages';
import { $dealList, appendShownIds, markNoMore, startDealList } from '@/stores/deal-list';

type Props = {
  /** /partials/deals with the listing's path and filters, without page. */
  partialUrl: string;
  /** The id of the grid section the cards are appended to. */
  gridId: string;
  /** The page the server rendered (1-based). */
  page: number;
  lastPage: number;
  pageSize: number;
  /** Ids already on the page (main deal and grid), never shown twice. */
  shownIds: number[];
};

/**
 * The next page's card blocks, parsed from the partial's HTML (1-based page, as in page URLs), and
 * how many recently viewed deals the page was asked to leave out (so it may hold that many fewer).
 */
async function fetchBlocks(partialUrl: string, page: number): Promise<{ blocks: HTMLUListElement[]; leftOut: number }> {
  // spec 7: the feed leaves out this browser's recently viewed deals (up to 5).
  const query = withRecentViewedDeals(new URLSearchParams({ page: String(page) }));
  const response = await fetch(`${partialUrl}&${query}`, { headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`Show more answered ${response.status}`);
  const html = await response.text();
  const template = document.createElement('template');
  template.innerHTML = html;
  const blocks = [...template.content.querySelectorAll<HTMLUListElement>('ul.deal-grid__block')];
  if (!blocks.some((block) => block.querySelector('[data-deal-id]'))) throw new Error(MESSAGES.emptyResponse);
  return { blocks, leftOut: query.getAll('recentViewedDeal').length };
}

const cardId = (item: Element): number => Number(item.querySelector('[data-deal-id]')?.getAttribute('data-deal-id'));

export default function ShowMore({ partialUrl, gridId, page, lastPage, pageSize, shownIds }: Props) {
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
    if (status === 'loading') return;
    const next = $dealList.get().lastPage + 1;
    setStatus('loading');
    setAnnouncement('Loading more deals…');
    try {
      const { blocks, leftOut } = await fetchBlocks(partialUrl, next);
      const items = blocks.flatMap((block) => [...block.querySelectorAll(':scope > li')]);
      // A page short only by the deals it left out is not the last (the last page is known).
      const fresh = new Set(appendShownIds(items.map(cardId), next, pageSize - leftOut));
      // A deal already on the page (the catalogue moved between pages) is not shown twice.
      for (const item of items) if (!fresh.has(cardId(item))) item.remove();
      const added = blocks.filter((block) => block.querySelector(':scope > li') !== null);
      const first = added[0]?.querySelector<HTMLElement>('a[href]');
      document.getElementById(gridId)?.append(...added);
      if (next >= lastPage) markNoMore(next);
      setStatus('idle');
      setAnnouncement(fresh.size === 1 ? '1 more deal added.' : `${fresh.size} more deals added.`);
      // The first new card's link (each card's one tab stop): reading and tabbing go on from there.
      first?.focus();
    } catch (error) {
      console.warn('Show more failed:', getErrorMessage(error));
      setStatus('failed');
      setAnnouncement(MESSAGES.somethingWentWrong);
    }
  };

  const isLoading = status === 'loading';
  return (
    <div className="show-more">
      <p className="show-more__status" aria-live="polite" role="status">
        {announcement}
      </p>
      {!list.nomore && (
        <button
          type="button"
          className="button show-more__button"
          onClick={loadMore}
          disabled={!isReady}
          aria-disabled={isLoading || undefined}
          aria-busy={isLoading || undefined}
        >
          {isLoading ? 'Loading…' : status === 'failed' ? 'Try again' : 'Show more deals'}
        </button>
      )}
    </div>
  );
}
