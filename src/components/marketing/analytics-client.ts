/**
 * The dataLayer (issue 25.7; spec 7 Analytics): a page view on every page, addToCart when a deal is
 * added to the basket, and order on the order confirmation. It is an in-page list: it sets no
 * cookie and sends nothing. The tag manager that reads it is a third-party script, loaded only when
 * one is configured (TAG_MANAGER_URL) and the shopper allowed marketing (spec 5, C0004:1). spec 9:
 * it is polled every 300 ms up to 40 times; still absent, spec 8's "DTM has not loaded correctly"
 * is logged (spec 7 log).
 */
import { CONSENT_COOKIE, isAllowed, parseConsent, readCookie } from '@/domain/consent';

type DataLayerEvent = Record<string, unknown> & { event: string };
declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

const POLL_MS = 300;
const POLL_TIMES = 40;

export function pushEvent(event: DataLayerEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

function marketingAllowed(): boolean {
  return isAllowed(parseConsent(readCookie(document.cookie, CONSENT_COOKIE)), 'marketing');
}

let tagRequested = false;

function loadTagManager(url: string): void {
  if (tagRequested || !marketingAllowed()) return;
  tagRequested = true;
  const script = document.createElement('script');
  script.async = true;
  script.src = url;
  script.dataset.tagManager = '';
  document.head.append(script);
  let polls = 0;
  const timer = window.setInterval(() => {
    polls += 1;
    if ('google_tag_manager' in window || '_satellite' in window) {
      window.clearInterval(timer);
    } else if (polls >= POLL_TIMES) {
      window.clearInterval(timer);
      void fetch('/api/v1/log', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client: true, description: 'DTM has not loaded correctly', name: 'analytics' }),
      }).catch(() => undefined);
    }
  }, POLL_MS);
}

function setUp(): void {
  const root = document.documentElement;
  pushEvent({ event: 'page_view', page_path: location.pathname, page_type: root.dataset.pageType ?? 'other' });

  const order = document.querySelector<HTMLElement>('[data-analytics-order]');
  if (order?.dataset.analyticsOrder) {
    try {
      pushEvent({ event: 'order', ecommerce: JSON.parse(order.dataset.analyticsOrder) });
    } catch {
      // A malformed attribute is our bug; the page itself is unaffected.
    }
  }

  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.action.endsWith('/basket/add')) return;
    const data = new FormData(form);
    pushEvent({
      event: 'addToCart',
      ecommerce: {
        currency: 'GBP',
        items: [
          {
            item_id: String(data.get('dealId') ?? ''),
            item_variant: String(data.get('productId') ?? ''),
            quantity: Number(data.get('quantity') ?? 1),
          },
        ],
      },
    });
  });

  const url = document.querySelector<HTMLElement>('[data-tag-manager]')?.dataset.tagManager;
  if (url) {
    loadTagManager(url);
    window.addEventListener('tuppence:consent', () => loadTagManager(url));
  }
}

setUp();
