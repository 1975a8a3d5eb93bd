/**
 * The deal page's picture carousel. The first picture is in the server HTML and loads first; the
 * rest load lazily. The strip scrolls natively (CSS scroll snap: touch and trackpad swipes for free);
 * once hydrated, previous/next buttons, dots and the arrow keys move it. No carousel library: the
 * deal page is at its JavaScript budget (decision 030), and native scrolling needs none.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { DealImage } from '@/contracts/deal';
import { pictureAt, pictureSrcset } from '@/domain/picture-sizes.mjs';

type Props = {
  images: DealImage[];
  /** Names the carousel for screen readers: "Pictures of {label}". */
  label: string;
};

/** How long the strip must be still before a swipe's resting picture is read. */
const SETTLE_MS = 80;

export default function DealGallery({ images, label }: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  // Until hydrated (or without JavaScript) there are no dead buttons: the strip scrolls by itself.
  const [isReady, setIsReady] = useState(false);
  useEffect(() => setIsReady(true), []);

  // A swipe (or a scroll the buttons started) ends on a picture: that one is selected.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const width = viewport.clientWidth || 1;
      setSelected(Math.min(images.length - 1, Math.max(0, Math.round(viewport.scrollLeft / width))));
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, SETTLE_MS);
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      viewport.removeEventListener('scroll', onScroll);
    };
  }, [images.length]);

  const goTo = (index: number) => {
    const viewport = viewportRef.current;
    const next = Math.min(images.length - 1, Math.max(0, index));
    setSelected(next);
    if (!viewport) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    viewport.scrollTo({ left: next * viewport.clientWidth, behavior: still ? 'auto' : 'smooth' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(selected + (event.key === 'ArrowRight' ? 1 : -1));
    }
  };

  const many = images.length > 1 && isReady;
  return (
    <section
      className={isReady ? 'deal-gallery' : 'deal-gallery deal-gallery--static'}
      aria-roledescription="carousel"
      aria-label={`Pictures of ${label}`}
      onKeyDown={many ? onKeyDown : undefined}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls natively, so it takes focus for the arrow keys (axe: scrollable-region-focusable). */}
      <div className="deal-gallery__viewport" ref={viewportRef} tabIndex={0}>
        <ul className="deal-gallery__track">
          {images.map((image, index) => (
            <li
              key={image.url}
              className="deal-gallery__slide"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${images.length}`}
              aria-hidden={many && index !== selected ? true : undefined}
            >
              <img
                src={pictureAt(image.url, 1200)}
                srcSet={pictureSrcset(image.url, [800, 1200, 1600])}
                sizes="(min-width: 992px) 720px, 100vw"
                width={image.width}
                height={image.height}
                alt={image.alt}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding={index === 0 ? undefined : 'async'}
                fetchPriority={index === 0 ? 'high' : undefined}
              />
            </li>
          ))}
        </ul>
      </div>
      {images.length > 1 && !isReady && (
        // The controls' row, kept free until they arrive, so hydrating moves nothing below the gallery.
        <div className="deal-gallery__controls deal-gallery__controls--reserved" aria-hidden="true" />
      )}
      {many && (
        <div className="deal-gallery__controls">
          <button
            type="button"
            className="deal-gallery__arrow"
            aria-label="Previous picture"
            onClick={() => goTo(selected - 1)}
            disabled={selected === 0}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <ol className="deal-gallery__dots">
            {images.map((image, index) => (
              <li key={image.url}>
                <button
                  type="button"
                  className="deal-gallery__dot"
                  aria-label={`Show picture ${index + 1} of ${images.length}`}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => goTo(index)}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="deal-gallery__arrow"
            aria-label="Next picture"
            onClick={() => goTo(selected + 1)}
            disabled={selected === images.length - 1}
          >
            <span aria-hidden="true">›</span>
          </button>
          <p className="visually-hidden" aria-live="polite">
            Picture {selected + 1} of {images.length}
          </p>
        </div>
      )}
    </section>
  );
}
