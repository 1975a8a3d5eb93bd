import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $video,
  attachVideo,
  type PlayableElement,
  pauseVideo,
  playVideo,
  registerVideo,
  reportVisibility,
  setReducedMotion,
} from './video';

const ID = '/videos/deals/beach-waves.webm';

afterEach(() => {
  cleanStores($video);
  $video.set({});
  vi.unstubAllGlobals();
});

describe('$video (spec 3 video state: autoPlayable, playing, visibility per id; decision 056)', () => {
  it('plays once at least half of it is on screen, carries on while partly seen, pauses off screen', () => {
    keepMount($video);
    registerVideo(ID, { reducedMotion: false });
    expect($video.get()[ID]).toEqual({ autoPlayable: true, playing: false, visibility: 0 });
    reportVisibility(ID, 0.3);
    expect($video.get()[ID]?.playing).toBe(false);
    reportVisibility(ID, 0.5);
    expect($video.get()[ID]).toEqual({ autoPlayable: true, playing: true, visibility: 0.5 });
    reportVisibility(ID, 0.2);
    expect($video.get()[ID]?.playing).toBe(true);
    reportVisibility(ID, 0);
    expect($video.get()[ID]).toEqual({ autoPlayable: true, playing: false, visibility: 0 });
    reportVisibility(ID, 1);
    expect($video.get()[ID]?.playing).toBe(true);
  });

  it('never starts by itself with prefers-reduced-motion, but plays when the shopper presses Play', () => {
    keepMount($video);
    registerVideo(ID, { reducedMotion: true });
    reportVisibility(ID, 1);
    expect($video.get()[ID]).toEqual({ autoPlayable: false, playing: false, visibility: 1 });
    playVideo(ID);
    expect($video.get()[ID]?.playing).toBe(true);
    reportVisibility(ID, 0);
    expect($video.get()[ID]?.playing).toBe(false);
    reportVisibility(ID, 1);
    expect($video.get()[ID]?.playing).toBe(false);
  });

  it("keeps a video the shopper paused paused when it comes back on screen; the shopper's Play restarts it", () => {
    keepMount($video);
    registerVideo(ID, { reducedMotion: false });
    reportVisibility(ID, 1);
    pauseVideo(ID);
    reportVisibility(ID, 0);
    reportVisibility(ID, 1);
    expect($video.get()[ID]).toEqual({ autoPlayable: false, playing: false, visibility: 1 });
    playVideo(ID);
    expect($video.get()[ID]?.playing).toBe(true);
  });

  it('stops a playing video when the shopper turns reduced motion on', () => {
    keepMount($video);
    registerVideo(ID, { reducedMotion: false });
    reportVisibility(ID, 1);
    setReducedMotion(ID, true);
    expect($video.get()[ID]).toEqual({ autoPlayable: false, playing: false, visibility: 1 });
  });

  it('keeps each video apart by id', () => {
    keepMount($video);
    registerVideo('a', { reducedMotion: false });
    registerVideo('b', { reducedMotion: false });
    reportVisibility('a', 1);
    expect($video.get().a?.playing).toBe(true);
    expect($video.get().b?.playing).toBe(false);
  });
});

describe('attachVideo: the element follows the store (decision 056)', () => {
  /** A stand-in for the browser's observer and media query, driven by the test. */
  function stubBrowser(reducedMotion: boolean) {
    const observed: { report: (ratio: number) => void; disconnected: boolean } = {
      report: () => {},
      disconnected: false,
    };
    class FakeObserver {
      constructor(callback: (entries: { isIntersecting: boolean; intersectionRatio: number }[]) => void) {
        observed.report = (ratio) => callback([{ isIntersecting: ratio > 0, intersectionRatio: ratio }]);
      }
      observe() {}
      disconnect() {
        observed.disconnected = true;
      }
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('window', {
      matchMedia: () => ({ matches: reducedMotion, addEventListener() {}, removeEventListener() {} }),
    });
    return observed;
  }

  function fakeVideo(options: { refuse?: boolean } = {}) {
    const element = {
      paused: true,
      plays: 0,
      play() {
        element.plays++;
        if (options.refuse) return Promise.reject(Object.assign(new Error('autoplay'), { name: 'NotAllowedError' }));
        element.paused = false;
        return Promise.resolve();
      },
      pause() {
        element.paused = true;
      },
    };
    return element;
  }

  it('plays the element on screen, pauses it off screen, and forgets it when detached', () => {
    const observer = stubBrowser(false);
    const element = fakeVideo();
    const detach = attachVideo(ID, element as unknown as PlayableElement);
    observer.report(0.6);
    expect(element.paused).toBe(false);
    observer.report(0);
    expect(element.paused).toBe(true);
    detach();
    expect(observer.disconnected).toBe(true);
    expect($video.get()[ID]).toBeUndefined();
  });

  it('leaves the element paused with reduced motion', () => {
    const observer = stubBrowser(true);
    const element = fakeVideo();
    const detach = attachVideo(ID, element as unknown as PlayableElement);
    observer.report(1);
    expect(element.plays).toBe(0);
    expect(element.paused).toBe(true);
    detach();
  });

  it('waits for the Play button when the browser refuses to play it by itself', async () => {
    const observer = stubBrowser(false);
    const element = fakeVideo({ refuse: true });
    const detach = attachVideo(ID, element as unknown as PlayableElement);
    observer.report(1);
    await allTasks();
    await Promise.resolve();
    expect($video.get()[ID]).toEqual({ autoPlayable: false, playing: false, visibility: 1 });
    detach();
  });
});
