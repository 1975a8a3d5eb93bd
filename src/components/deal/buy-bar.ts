/**
 * Below lg the deal page's bar fixed to the bottom of the screen (ProductChooser's `.buy-bar`) keeps the
 * choice's price and a second "Buy now" in view while the form's own Buy now is not wholly on screen,
 * and steps aside (data-hidden) while it is, so a screen reader meets one Buy now. A plain script, not
 * the island's, because the chooser hydrates only on the shopper's first touch (decision 071): the bar
 * must come and go from the first scroll. Without JavaScript the bar is always shown.
 */
export function watchBuyBar(root: ParentNode): void {
  const bar = root.querySelector<HTMLElement>('.buy-bar');
  const button = root.querySelector<HTMLElement>('.chooser__submit');
  if (!bar || !button || typeof IntersectionObserver === 'undefined') return;
  new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1);
      if (entry) bar.toggleAttribute('data-hidden', entry.isIntersecting && entry.intersectionRatio >= 0.99);
    },
    { threshold: [0, 0.99, 1] },
  ).observe(button);
}
