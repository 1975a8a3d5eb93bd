/**
 * The shop's own analytics in the browser (spec 7 Analytics; spec 9 Timing; decision 059), loaded
 * by ./boot.ts once the browser is idle and only with analytics consent. It sends to the shop's own
 * POST /api/v1/analytics/events, never to a third party:
 * - the page view, as the page starts, once more 1500 ms later when that did not arrive;
 * - the position of a clicked deal card (its list and 1-based place), 3500 ms after the click or when
 *   the page is left, whichever comes first;
 * - the order on the order confirmation, 2000 ms after the page loaded, once per order in this tab
 *   (the server tracks an order once however often it is reported).
 */
import { ANALYTICS_TIMING, type ClickPosition, listNameOf } from '@/domain/analytics';
import { afterPageDelay, delayedSave, sendWithOneRetry } from './schedule';

const ENDPOINT = '/api/v1/analytics/events';
const TRACKED_ORDERS = 'tuppence:tracked-orders';
const CARD = '.deal-card[data-deal-id]';

/**
 * Posts and answers whether the shop took it (a 5xx or no answer: false). `keepalive` only for what
 * may outlive the page (a click as the page is left): a keepalive request is the browser's, not the
 * page's, so the page view, sent while the page is open, goes as an ordinary one.
 */
async function post(body: unknown, keepalive = false): Promise<boolean> {
  const response = await fetch(ENDPOINT, {
    method: 'POST',
    keepalive,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // Read to its end: an answer whose body nobody reads stays open in the browser.
  await response.text();
  return response.status < 500;
}

/** Sends while the page may be going away: a beacon, else a keepalive fetch. */
function beacon(body: unknown): void {
  try {
    if (navigator.sendBeacon?.(ENDPOINT, JSON.stringify(body))) return;
  } catch {
    // A beacon refused: the fetch below.
  }
  post(body, true).catch(() => undefined);
}

/** The list a card sits in: a rail, else the nearest block holding several cards, else the page. */
function listOf(card: Element): { name: string; cards: Element[] } {
  let scope: Element | null = card.parentElement;
  while (scope && scope !== document.body) {
    const rail = scope.getAttribute('data-rail');
    if (rail !== null) return { name: listNameOf(rail), cards: [...scope.querySelectorAll(CARD)] };
    if (scope.querySelectorAll(CARD).length > 1) break;
    scope = scope.parentElement;
  }
  const root = scope ?? document.body;
  const name = root.closest('[data-rail]')?.getAttribute('data-rail') ?? document.documentElement.dataset.pageType;
  return { name: listNameOf(name), cards: [...root.querySelectorAll(CARD)] };
}

/** The clicked card's position, when the click followed one of its links. */
export function clickPositionOf(target: EventTarget | null): ClickPosition | null {
  if (!(target instanceof Element)) return null;
  const link = target.closest('a[href]');
  const card = link?.closest(CARD);
  if (!card) return null;
  const dealId = Number(card.getAttribute('data-deal-id'));
  if (!Number.isSafeInteger(dealId) || dealId < 1) return null;
  const list = listOf(card);
  return { dealId, list: list.name, position: list.cards.indexOf(card) + 1, path: location.pathname };
}

function trackedOrders(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(TRACKED_ORDERS) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Starts the page's analytics (./boot.ts calls it when the poll finds the module ready). */
export function startAnalytics(): void {
  const pageType = document.documentElement.dataset.pageType;
  sendWithOneRetry(
    () =>
      post({
        type: 'page_view',
        path: location.pathname,
        ...(pageType && /^[a-z0-9_-]{1,40}$/.test(pageType) ? { pageType } : {}),
      }),
    ANALYTICS_TIMING.pageViewRetryMs,
  );

  const clicks = delayedSave<ClickPosition>(
    (position) => beacon({ type: 'click_position', ...position }),
    ANALYTICS_TIMING.clickPositionSaveMs,
  );
  document.addEventListener(
    'click',
    (event) => {
      const position = clickPositionOf(event.target);
      if (position) clicks.save(position);
    },
    { capture: true },
  );
  window.addEventListener('pagehide', clicks.flush);

  const order = document.querySelector<HTMLElement>('[data-analytics-order]')?.dataset.analyticsOrder;
  const orderId = order ? Number((JSON.parse(order) as { transaction_id?: unknown }).transaction_id) : Number.NaN;
  if (Number.isSafeInteger(orderId) && orderId > 0 && !trackedOrders().includes(String(orderId))) {
    afterPageDelay(
      () => {
        sessionStorage.setItem(TRACKED_ORDERS, JSON.stringify([...trackedOrders(), String(orderId)].slice(-20)));
        beacon({ type: 'order', orderId });
      },
      ANALYTICS_TIMING.orderTrackingDelayMs,
      performance.now(),
    );
  }
}
