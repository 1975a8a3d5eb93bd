/**
 * The deal page's picture carousel (embla). The first picture is in the server HTML and loads
 * first; the rest load lazily. Previous/next buttons, dots and the arrow keys move it.
 */
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';
import type { DealImage } from '@/contracts/deal';

type Props = {
  images: DealImage[];
  /** Names the carousel for screen readers: "Pictures of {label}". */
  label: string;
};

export default function DealGallery({ images, label }: Props) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false, align: 'start' });
  const [selected, setSelected] = useState(0);
  // Until hydrated (or without JavaScript) the pictures scroll natively and no dead buttons show.
  const [isReady, setIsReady] = useState(false);
  useEffect(() => setIsReady(true), []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index), [embla]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      embla?.scrollNext();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      embla?.scrollPrev();
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
      {/* Before hydration the pictures scroll natively, so the strip takes focus for the arrow keys (axe: scrollable-region-focusable). */}
      <div className="deal-gallery__viewport" ref={viewportRef} tabIndex={isReady ? undefined : 0}>
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
                src={image.url}
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
      {many && (
        <div className="deal-gallery__controls">
          <button
            type="button"
            className="deal-gallery__arrow"
            aria-label="Previous picture"
            onClick={() => embla?.scrollPrev()}
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
            onClick={() => embla?.scrollNext()}
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
