/**
 * A home rail as an embla carousel (decision 033). The server renders the rail's
 * heading, its View all link and its list of deal cards (DealRail.astro passes the list in as
 * children), so before this island hydrates (client:interact, decision 068), and without JavaScript, the list
 * scrolls natively with scroll snapping. Once hydrated, embla moves the list: Previous / Next move a
 * page of cards, arrow keys on the list one card, a swipe or drag moves it, and a card link that
 * takes focus is brought into view (embla's watchFocus).
 * Given an interval (spec 7 content/scroller-configuration, spec 9 "Carousel interval 9000 ms"),
 * the rail moves on one card at that interval through embla's API, looping; it waits while the
 * pointer or focus is in it, while it is off screen or the tab is hidden, never moves under
 * prefers-reduced-motion, and its Pause button stops it (WCAG 2.2.2).
 */
import useEmblaCarousel from 'embla-carousel-react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { nextRailIndex, pageRailIndex } from '@/domain/scroller';

type Props = {
  title: string;
  headingId: string;
  /** The id of the server-rendered list (the buttons' aria-controls). */
  listId: string;
  viewAllUrl: string;
  /** Autoplay: move on one card every this many milliseconds. Absent: the rail never moves by itself. */
  intervalMs?: number;
  /** After the last card, back to the first. */
  loop?: boolean;
  /** Wait while the pointer is over the rail. */
  pauseOnHover?: boolean;
  /** The server-rendered `<ul class="rail__list">` of deal cards. */
  children?: ReactNode;
};

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export default function RailCarousel({
  title,
  headingId,
  listId,
  viewAllUrl,
  intervalMs,
  loop = false,
  pauseOnHover = false,
  children,
}: Props) {
  // The list keeps its natural scroll until embla starts; then the viewport clips and embla moves it.
  const [viewportRef, embla] = useEmblaCarousel({
    container: '.rail__list',
    align: 'start',
    containScroll: 'trimSnaps',
  });
  const rootRef = useRef<HTMLDivElement>(null);
  const [isReady, setReady] = useState(false);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [canPlay, setCanPlay] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const held = useRef({ pointer: false, onScreen: false });

  useEffect(() => {
    if (!embla) return;
    // A native scroll made before hydration: embla measured the cards shifted, so measure again
    // from the start and show the card that scroll had reached.
    const list = embla.containerNode();
    if (list.scrollLeft > 0) {
      const [first, second] = embla.slideNodes();
      const step = first && second ? second.offsetLeft - first.offsetLeft : (first?.offsetWidth ?? 0);
      const reached = step > 0 ? Math.round(list.scrollLeft / step) : 0;
      list.scrollLeft = 0;
      embla.reInit();
      embla.scrollTo(reached, true);
    }
    const update = () => {
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    update();
    setReady(true);
    setCanPlay(intervalMs !== undefined && intervalMs > 0 && !reducedMotion());
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, intervalMs]);

  // Autoplay through embla's API (no autoplay plugin): one card on per interval, unless held.
  useEffect(() => {
    if (!embla || !canPlay || isStopped || intervalMs === undefined) return;
    const root = rootRef.current;
    // The pointer that woke the rail (client:interact, decision 068) entered before React listened.
    if (pauseOnHover && root?.matches(':hover')) held.current.pointer = true;
    const observer = new IntersectionObserver(([entry]) => {
      held.current.onScreen = entry?.isIntersecting ?? false;
    });
    observer.observe(embla.rootNode());
    const timer = window.setInterval(() => {
      const { pointer, onScreen } = held.current;
      if (pointer || !onScreen || document.hidden || reducedMotion() || root?.contains(document.activeElement)) return;
      const next = nextRailIndex(embla.selectedScrollSnap(), embla.scrollSnapList().length - 1, loop);
      if (next !== null) embla.scrollTo(next);
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
      observer.disconnect();
    };
  }, [embla, canPlay, isStopped, intervalMs, loop, pauseOnHover]);

  /** Cards wholly in view: how far Previous / Next move. */
  const cardsInView = useCallback((): number => {
    if (!embla) return 1;
    const slide = embla.slideNodes()[0];
    return slide ? Math.floor(embla.rootNode().clientWidth / slide.offsetWidth) : 1;
  }, [embla]);

  const go = useCallback(
    (index: number) => {
      embla?.scrollTo(index, reducedMotion());
    },
    [embla],
  );

  const page = (direction: -1 | 1) => {
    if (!embla) return;
    go(pageRailIndex(embla.selectedScrollSnap(), embla.scrollSnapList().length - 1, cardsInView(), direction));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!embla || (event.target as HTMLElement).id !== listId) return;
    const last = embla.scrollSnapList().length - 1;
    const selected = embla.selectedScrollSnap();
    const target = { ArrowLeft: selected - 1, ArrowRight: selected + 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    go(Math.min(last, Math.max(0, target)));
  };

  const playLabel = `${isStopped ? 'Play' : 'Pause'} ${title}`;

  return (
    <div
      className="rail__carousel"
      ref={rootRef}
      data-carousel={isReady ? 'ready' : undefined}
      onPointerEnter={pauseOnHover ? () => (held.current.pointer = true) : undefined}
      onPointerLeave={pauseOnHover ? () => (held.current.pointer = false) : undefined}
    >
      <div className="rail__head">
        <h2 id={headingId}>{title}</h2>
        <div className="rail__controls">
          {canPlay && (
            <button
              type="button"
              className="rail__arrow rail__play"
              aria-pressed={isStopped}
              onClick={() => setStopped((stopped) => !stopped)}
            >
              <span aria-hidden="true">{isStopped ? '▶' : '❚❚'}</span>
              <span className="visually-hidden">{playLabel}</span>
            </button>
          )}
          <button
            type="button"
            className="rail__arrow"
            aria-controls={listId}
            hidden={!isReady}
            disabled={!canPrev}
            onClick={() => page(-1)}
          >
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Previous {title}</span>
          </button>
          <button
            type="button"
            className="rail__arrow"
            aria-controls={listId}
            hidden={!isReady}
            disabled={!canNext}
            onClick={() => page(1)}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next {title}</span>
          </button>
          <a className="rail__all" href={viewAllUrl}>
            View all<span className="visually-hidden"> {title}</span>
          </a>
        </div>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys belong to the focusable list inside */}
      <div className="rail__viewport" ref={viewportRef} onKeyDown={onKeyDown}>
        {children}
      </div>
    </div>
  );
}
