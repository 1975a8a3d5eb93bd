/**
 * $video (spec 3 client state "video": autoPlayable, playing, visibility per id; decision 056): a
 * deal video plays muted while at least half of it is on screen and pauses once it is off screen.
 * It never starts by itself for a shopper who asks for reduced motion, nor again after the shopper
 * paused it; the shopper's Play and Pause always win. The island only reads the state and calls
 * these actions; `attachVideo` ties one element to its entry (the observer, the motion setting,
 * and play/pause following `playing`).
 */
import { map } from 'nanostores';

export interface VideoState {
  /** May start by itself: not with prefers-reduced-motion, not once the shopper paused it. */
  autoPlayable: boolean;
  /** Whether it plays (or is meant to: the element follows). */
  playing: boolean;
  /** How much of it is on screen, 0 to 1 (the IntersectionObserver's ratio). */
  visibility: number;
}

export const $video = map<Record<string, VideoState>>({});

/** At least half on screen: it starts (decision 056). */
export const PLAY_FROM_VISIBILITY = 0.5;

function update(id: string, change: (state: VideoState) => VideoState): void {
  const state = $video.get()[id];
  if (state) $video.setKey(id, change(state));
}

/** A video on the page, not playing, not yet seen; it may start by itself unless motion is reduced. */
export function registerVideo(id: string, options: { reducedMotion: boolean }): void {
  $video.setKey(id, { autoPlayable: !options.reducedMotion, playing: false, visibility: 0 });
}

/** The video left the page. */
export function forgetVideo(id: string): void {
  const { [id]: _gone, ...rest } = $video.get();
  $video.set(rest);
}

/**
 * How much of the video is on screen now: at least half starts one that may start by itself;
 * none at all pauses it, whoever started it; in between it carries on as it was.
 */
export function reportVisibility(id: string, visibility: number): void {
  update(id, (state) => ({
    ...state,
    visibility,
    playing: visibility >= PLAY_FROM_VISIBILITY && state.autoPlayable ? true : visibility <= 0 ? false : state.playing,
  }));
}

/** The shopper pressed Play. */
export function playVideo(id: string): void {
  update(id, (state) => ({ ...state, playing: true }));
}

/** The shopper pressed Pause: it stays paused until they press Play. */
export function pauseVideo(id: string): void {
  update(id, (state) => ({ ...state, playing: false, autoPlayable: false }));
}

/** The browser refused to play (an autoplay policy, say): it waits for the shopper's Play. */
export function refusePlay(id: string): void {
  update(id, (state) => ({ ...state, playing: false, autoPlayable: false }));
}

/** The shopper's reduced-motion setting changed: asking for it stops the video starting (and a playing one). */
export function setReducedMotion(id: string, reducedMotion: boolean): void {
  update(id, (state) =>
    reducedMotion ? { ...state, autoPlayable: false, playing: false } : { ...state, autoPlayable: true },
  );
}

/** What `attachVideo` needs of a `<video>` element. */
export interface PlayableElement extends Element {
  play(): Promise<void>;
  pause(): void;
  readonly paused: boolean;
}

/**
 * Registers the element's video and keeps it in step: an IntersectionObserver reports how much of
 * it is on screen, the reduced-motion media query its setting, and the element plays or pauses as
 * `playing` says. Returns what undoes all of it.
 */
export function attachVideo(id: string, element: PlayableElement): () => void {
  const motion = window.matchMedia('(prefers-reduced-motion: reduce)');
  registerVideo(id, { reducedMotion: motion.matches });
  const onMotion = (event: MediaQueryListEvent) => setReducedMotion(id, event.matches);
  motion.addEventListener('change', onMotion);
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) reportVisibility(id, entry.isIntersecting ? entry.intersectionRatio : 0);
    },
    { threshold: [0, PLAY_FROM_VISIBILITY] },
  );
  observer.observe(element);
  const unlisten = $video.subscribe((videos) => {
    const state = videos[id];
    if (!state) return;
    if (state.playing && element.paused) {
      // A play cut short by a pause (AbortError) is no refusal; the browser's autoplay policy is.
      element.play().catch((error: unknown) => {
        if (error instanceof Error && error.name === 'NotAllowedError') refusePlay(id);
      });
    } else if (!state.playing && !element.paused) element.pause();
  });
  return () => {
    unlisten();
    observer.disconnect();
    motion.removeEventListener('change', onMotion);
    forgetVideo(id);
  };
}
