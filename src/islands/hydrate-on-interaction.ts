/**
 * `client:interact` (decision 068): an island that is in view at load hydrates when the shopper first
 * reaches for it, not at the first paint, so React (about 66 KB gzipped) is not part of a browse page's
 * first load (decision 065's budget). Registered by astro.config.mjs (`addClientDirective`); Astro
 * inlines this script, once, in every page that has such an island.
 *
 * The first pointerover, pointerdown, touchstart, focusin or keydown inside the island hydrates it (a
 * pointer reaching a control passes over it first, a tap starts with touchstart, a keyboard user focuses
 * it). Until then every control the server rendered works by itself: a search form submits, a list or
 * strip scrolls natively, a link follows; the scripted buttons (a rail's Previous / Next, the gallery's
 * dots) appear only once hydrated, so no press can be lost on one. What is typed into a field meanwhile
 * stays in the field, and the island picks it up when it starts (SearchBox).
 *
 * `client:interact={{ afterLoadMs }}`: also hydrate that long after the page's load event, once the
 * browser is idle, for an island with something to do by itself (an autoplaying rail, spec 9 carousel
 * interval): still nothing at the first paint or while the page loads.
 *
 * `client:interact={{ whenCookie: 'name=value' }}`: also hydrate once the page has loaded when the
 * browser holds that cookie (decision 071: the deal page's chooser for a signed-in shopper, whose
 * Express Buy and own quantity cap only the island knows). The cached HTML is the same for everyone;
 * the cookie tells this browser apart.
 */
import type { ClientDirective } from 'astro';

export interface InteractOptions {
  /** Also hydrate this many milliseconds after the load event, when the browser is idle. */
  afterLoadMs?: number;
  /** Also hydrate once the page has loaded when this cookie (`name=value`) is set. */
  whenCookie?: string;
}

const FIRST_TOUCHES = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** Longest wait for an idle moment once the delay is over. */
const IDLE_TIMEOUT_MS = 2000;

const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  let started = false;
  const listening: AddEventListenerOptions = { capture: true, passive: true };
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_TOUCHES) el.removeEventListener(type, start, listening);
    void load().then((hydrate) => hydrate());
  };
  for (const type of FIRST_TOUCHES) el.addEventListener(type, start, listening);
  // Focus already inside (the browser restored it, or it arrived before this ran): start now.
  if (el.contains(document.activeElement)) start();

  const value: unknown = options.value;
  const afterLoadMs =
    typeof value === 'object' && value !== null && 'afterLoadMs' in value && typeof value.afterLoadMs === 'number'
      ? value.afterLoadMs
      : undefined;
  const whenCookie =
    typeof value === 'object' && value !== null && 'whenCookie' in value && typeof value.whenCookie === 'string'
      ? value.whenCookie
      : undefined;
  if (whenCookie !== undefined && document.cookie.split(';').some((part) => part.trim() === whenCookie)) {
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return;
  }
  if (afterLoadMs === undefined) return;
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS }) : start();
  const afterLoad = () => window.setTimeout(whenIdle, afterLoadMs);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
};

export default hydrateOnInteraction;
