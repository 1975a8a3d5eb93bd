/**
 * The deal page's picture carousel. The first picture is in the server HTML and loads first; the
 * rest load lazily. A deal's video is the second slide (./deal/DealVideo.tsx, decision 056), so the
 * first picture stays what loads first, and the video plays only once a shopper moves to it. The
 * strip scrolls natively (CSS scroll snap: touch and trackpad swipes for free);
 * once hydrated, previous/next buttons, dots and the arrow keys move it. No carousel library: the
 * deal page is at its JavaScript budget (decision 030), and native scrolling needs none.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { DealImage } from '@/contracts/deal';
import type { DealVideo as DealVideoData } from '@/contracts/deal-detail';
import { GALLERY_SIZES, GALLERY_WIDTHS, pictureAt, pictureSrcset } from '@/domain/picture-sizes.mjs';
import DealVideo from './deal/DealVideo';

type Slide = { kind: 'picture'; key: string; image: DealImage } | { kind: 'video'; key: string; video: DealVideoData };

type Props = {
  images: DealImage[];
  /** The deal's video, shown as the second slide; null when it has none. */
  video?: DealVideoData | null;
  /** Names the carousel for screen readers: "Pictures of {label}". */
  label: string;
};

/** How long the strip must be still before a swipe's resting picture is read. */
const SETTLE_MS = 80;

export default function DealGallery({ images, video = null, label }: Props) {
  const pictures: Slide[] = images.map((image) => ({ kind: 'picture', key: image.url, image }));
  const slides: Slide[] =
    video === null ? pictures : [...pictures.slice(0, 1), { kind: 'video', key: 'video', video }, ...pictures.slice(1)];
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
      setSelected(Math.min(slides.length - 1, Math.max(0, Math.round(viewport.scrollLeft / width))));
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
  }, [slides.length]);

  const goTo = (index: number) => {
    const viewport = viewportRef.current;
    const next = Math.min(slides.length - 1, Math.max(0, index));
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

  const many = slides.length > 1 && isReady;
  return (
    <section
      className={isReady ? 'deal-gallery' : 'deal-gallery deal-gallery--static'}
      aria-roledescription="carousel"
      aria-label={`Pictures of ${label}`}
      onKeyDown={many ? onKeyDown : undefined}
    >
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls natively, so it takes focus for the arrow keys (axe: scrollable-region-focusable). */}
      <div className="deal-gallery__viewport" ref={viewportRef} tabIndex={0}>
        <div className="deal-gallery__track">
          {slides.map((slide, index) => (
            // The WAI-ARIA carousel pattern's slide: a named group (an aria-label on a list item is not allowed, decision 061).
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is an ARIA group, not a form's fieldset
            <div
              key={slide.key}
              className="deal-gallery__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={many && index !== selected ? true : undefined}
              // A slide out of view keeps its controls out of the tab order too (the video's button).
              inert={many && index !== selected && slide.kind === 'video' ? true : undefined}
            >
              {slide.kind === 'video' ? (
                <DealVideo id={slide.video.sources[0]?.url ?? 'video'} video={slide.video} />
              ) : (
                <Picture image={slide.image} index={index} />
              )}
            </div>
          ))}
        </div>
      </div>
      {slides.length > 1 && !isReady && (
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
            {slides.map((slide, index) => (
              <li key={slide.key}>
                <button
                  type="button"
                  className="deal-gallery__dot"
                  aria-label={`Show ${slide.kind === 'video' ? 'the video' : 'picture'} ${index + 1} of ${slides.length}`}
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
            disabled={selected === slides.length - 1}
          >
            <span aria-hidden="true">›</span>
          </button>
          <p className="visually-hidden" aria-live="polite">
            Picture {selected + 1} of {slides.length}
          </p>
        </div>
      )}
    </section>
  );
}

/** A picture slide: the first loads at once and first of all, the rest when scrolled near. */
function Picture({ image, index }: { image: DealImage; index: number }) {
  return (
    <img
      src={pictureAt(image.url, 1200)}
      srcSet={pictureSrcset(image.url, GALLERY_WIDTHS)}
      sizes={GALLERY_SIZES}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={index === 0 ? 'eager' : 'lazy'}
      decoding={index === 0 ? undefined : 'async'}
      fetchPriority={index === 0 ? 'high' : undefined}
    />
  );
}
