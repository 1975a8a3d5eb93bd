/**
 * True urgency only (docs/decisions/048): a card's or an option's "Only N left" is not in the cached
 * HTML; this asks the live stock (GET /api/v1/deal/stock, cached for seconds) and fills each
 * [data-live-left] placeholder, or leaves it empty and unseen (its line kept, so nothing moves) when
 * there is nothing true to say (no count, or none left). Cards that "Show more" appends later are
 * filled as they arrive; so are the deal page's options (ProductChooser), before and after it hydrates.
 */
interface LiveAnswer {
  deals: { dealId: number; left: number | null; products: { productId: number; left: number | null }[] }[];
}

function fill(element: HTMLElement, left: number | null): void {
  element.dataset.liveLeftDone = '';
  if (left === null || left <= 0) return;
  element.textContent = `Only ${left} left`;
  element.removeAttribute('aria-hidden');
}

/** Fills every placeholder under `root` not filled yet: one request for all of them. */
export async function fillLiveStock(root: ParentNode): Promise<void> {
  const pending = [...root.querySelectorAll<HTMLElement>('[data-live-left]:not([data-live-left-done])')];
  const ids = [...new Set(pending.map((el) => el.dataset.liveLeft ?? '').filter((id) => /^\d+$/.test(id)))].slice(
    0,
    50,
  );
  if (ids.length === 0) return;
  let answer: LiveAnswer;
  try {
    const response = await fetch(`/api/v1/deal/stock?ids=${ids.join(',')}`, {
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return;
    answer = (await response.json()) as LiveAnswer;
  } catch {
    return;
  }
  const byDeal = new Map(answer.deals.map((deal) => [String(deal.dealId), deal]));
  for (const element of pending) {
    const deal = byDeal.get(element.dataset.liveLeft ?? '');
    const product = element.dataset.liveLeftProduct;
    const left =
      product === undefined
        ? (deal?.left ?? null)
        : (deal?.products.find((p) => String(p.productId) === product)?.left ?? null);
    fill(element, left);
  }
}

const watched = new WeakSet<Document>();

/**
 * Fills the page's placeholders now and those added later (cards appended by "Show more", a deal
 * option's once the chooser re-renders). Once per document, however many scripts ask (the cards' and
 * the deal page's).
 */
export function watchLiveStock(document: Document): void {
  if (watched.has(document)) return;
  watched.add(document);
  void fillLiveStock(document);
  new MutationObserver(() => void fillLiveStock(document)).observe(document.body, { childList: true, subtree: true });
}
