/**
 * The header's basket link with its count (spec 4: empty text when zero; spec 5 visible quantity).
 * Shared pages are cached for everyone, so the server renders it empty and the island reads the
 * readable basket_qty cookie: no request. Links to /checkout; named "Basket, N items".
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ICONS } from '@/components/chrome/icons';
import { basketCountLabel, basketCountText } from '@/domain/basket';
import { $basketCount, refreshFromCookie } from '@/stores/basket';

export default function BasketCount() {
  const count = useStore($basketCount);
  useEffect(() => {
    refreshFromCookie();
    // Back and forward navigation can show a page from the browser's cache: read the cookie again.
    const refresh = () => refreshFromCookie();
    window.addEventListener('pageshow', refresh);
    return () => window.removeEventListener('pageshow', refresh);
  }, []);
  return (
    <a className="header-icon header-icon--basket" href="/checkout">
      <svg
        className="icon"
        viewBox="0 0 24 24"
        width={22}
        height={22}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {ICONS.basket.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
      <span className="visually-hidden">{basketCountLabel(count)}</span>
      <span className="basket-count" data-basket-count aria-hidden="true">
        {basketCountText(count)}
      </span>
    </a>
  );
}
