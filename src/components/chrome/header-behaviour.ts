/**
 * Progressive enhancement for the server-rendered header (spec 2 "Header"):
 * - popovers are MainNav's <details class="main-nav__details">, so they open by click, Enter, Space and touch without JS;
 *   this adds the spec 9 hover delay (200 ms), Escape, outside click, one-open-at-a-time and
 *   closing when focus leaves;
 * - the navigation bar's scroll arrows appear when the bar overflows;
 * - links to #location-chooser open the location chooser (the account menu's "Change Location");
 * - the panels' contents (decision 064) are fetched from the header's data-menus-url the first time
 *   the shopper points at, touches, focuses or opens a menu, and put into the panels of the same ids.
 * Runs in the browser only; no server imports.
 */

/** spec 9: hover popover delay. */
export const HOVER_POPOVER_DELAY_MS = 200;
/** Grace period so the pointer can travel from the item into its panel. */
const HOVER_CLOSE_DELAY_MS = 150;

type OpenedBy = 'hover' | 'click';

/** The bar's popovers: each `<details>` of MainNav (found by its class; decision 069: no data attribute on each). */
const POPOVER_SELECTOR = 'details.main-nav__details';

const openedBy = new WeakMap<HTMLDetailsElement, OpenedBy>();

function popovers(root: ParentNode): HTMLDetailsElement[] {
  return [...root.querySelectorAll<HTMLDetailsElement>(POPOVER_SELECTOR)];
}

function closeAll(root: ParentNode, except?: HTMLDetailsElement): void {
  for (const details of popovers(root)) {
    if (details !== except && details.open) details.open = false;
  }
}

function summaryOf(details: HTMLDetailsElement): HTMLElement | null {
  return details.querySelector<HTMLElement>(':scope > summary');
}

function enhancePopover(root: HTMLElement, details: HTMLDetailsElement): void {
  const summary = summaryOf(details);
  if (summary === null) return;
  // Hover opens the item's popover; the hover zone is the whole nav item when there is one.
  const zone = details.closest<HTMLElement>('.main-nav__item') ?? details;
  let openTimer: number | undefined;
  let closeTimer: number | undefined;

  zone.addEventListener('pointerenter', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer);
    if (details.open) return;
    openTimer = window.setTimeout(() => {
      closeAll(root, details);
      openedBy.set(details, 'hover');
      details.open = true;
    }, HOVER_POPOVER_DELAY_MS);
  });

  zone.addEventListener('pointerleave', (event) => {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(openTimer);
    if (!details.open || openedBy.get(details) !== 'hover') return;
    closeTimer = window.setTimeout(() => {
      details.open = false;
    }, HOVER_CLOSE_DELAY_MS);
  });

  summary.addEventListener('click', (event) => {
    window.clearTimeout(openTimer);
    window.clearTimeout(closeTimer);
    // A click on a popover the pointer already opened pins it rather than closing it.
    if (details.open && openedBy.get(details) === 'hover') {
      event.preventDefault();
      openedBy.set(details, 'click');
      return;
    }
    openedBy.set(details, 'click');
  });

  details.addEventListener('toggle', () => {
    if (details.open) closeAll(root, details);
    else openedBy.delete(details);
  });

  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    event.stopPropagation();
    details.open = false;
    summary.focus();
  });

  // Close when keyboard focus moves out of the popover.
  details.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !details.contains(next)) details.open = false;
  });
}

/**
 * Decision 064: fills the header's popover panels from its `data-menus-url` (/partials/header-menus),
 * once. Each `[data-menu-panel="id"]` wrapper's children replace those of the header's element with
 * that id (the link each panel holds for no JavaScript). A failed fetch leaves the links and is tried
 * again on the next reach for a menu.
 */
function menusLoader(root: HTMLElement): () => void {
  const url = root.dataset.menusUrl;
  let state: 'idle' | 'loading' | 'done' = url === undefined ? 'done' : 'idle';
  return () => {
    if (state !== 'idle' || url === undefined) return;
    state = 'loading';
    fetch(url, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : Promise.reject(new Error(`${url}: ${response.status}`))))
      .then((html) => {
        const parsed = document.createElement('template');
        parsed.innerHTML = html;
        for (const part of parsed.content.querySelectorAll<HTMLElement>('[data-menu-panel]')) {
          const panel = root.querySelector<HTMLElement>(`#${CSS.escape(part.dataset.menuPanel ?? '')}`);
          if (panel === null) continue;
          // A keyboard user already inside the panel (on its link) stays inside it.
          const hadFocus = panel.contains(document.activeElement);
          panel.replaceChildren(...part.childNodes);
          if (hadFocus) panel.querySelector<HTMLElement>('a[href]')?.focus();
        }
        state = 'done';
      })
      .catch(() => {
        state = 'idle';
      });
  };
}

function enhanceScrollArrows(nav: HTMLElement): void {
  const track = nav.querySelector<HTMLElement>('[data-nav-track]');
  const back = nav.querySelector<HTMLButtonElement>('[data-nav-scroll="back"]');
  const forward = nav.querySelector<HTMLButtonElement>('[data-nav-scroll="forward"]');
  if (track === null || back === null || forward === null) return;

  const update = (): void => {
    const maxScroll = track.scrollWidth - track.clientWidth;
    back.hidden = track.scrollLeft <= 2;
    forward.hidden = track.scrollLeft >= maxScroll - 2;
  };
  const scrollBy = (direction: 1 | -1): void => {
    track.scrollBy({ left: direction * Math.max(160, track.clientWidth * 0.7), behavior: 'smooth' });
  };

  back.addEventListener('click', () => scrollBy(-1));
  forward.addEventListener('click', () => scrollBy(1));
  track.addEventListener('scroll', update, { passive: true });
  new ResizeObserver(update).observe(track);
  update();
}

function openLocationChooser(root: HTMLElement, loadMenus: () => void): boolean {
  loadMenus();
  const chooser = root.querySelector<HTMLDetailsElement>('details[data-location-chooser]');
  if (chooser !== null) {
    closeAll(root, chooser);
    openedBy.set(chooser, 'click');
    chooser.open = true;
    chooser.scrollIntoView({ block: 'nearest' });
    summaryOf(chooser)?.focus();
    return true;
  }
  const dialog = root.querySelector<HTMLDialogElement>('dialog[data-location-dialog]');
  if (dialog !== null) {
    closeAll(root);
    dialog.showModal();
    return true;
  }
  return false;
}

/** Wires up one header; safe to call twice (the second call does nothing). */
export function enhanceHeader(root: HTMLElement): void {
  if (root.dataset.enhanced === 'true') return;
  root.dataset.enhanced = 'true';

  const loadMenus = menusLoader(root);
  for (const details of popovers(root)) {
    enhancePopover(root, details);
    // A menu opened any way at all (click, keyboard, a script) needs its panel now.
    if (details.closest('[data-main-nav]') === null) continue;
    details.addEventListener('toggle', () => {
      if (details.open) loadMenus();
    });
  }
  for (const nav of root.querySelectorAll<HTMLElement>('[data-main-nav]')) {
    enhanceScrollArrows(nav);
    // Reaching for the bar asks for the panels early, so a menu opened 200 ms later is already full.
    for (const type of ['pointerenter', 'pointerdown', 'focusin'] as const) {
      nav.addEventListener(type, loadMenus, { once: true, passive: true });
    }
  }

  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const trigger = target.closest('a[href="#location-chooser"]');
    if (trigger !== null && root.contains(trigger) && openLocationChooser(root, loadMenus)) {
      event.preventDefault();
      return;
    }
    // Outside click closes every popover.
    const inside = target.closest(POPOVER_SELECTOR);
    if (inside === null || !root.contains(inside)) closeAll(root);
  });

  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[data-location-dialog]')) {
    dialog.querySelector('[data-dialog-close]')?.addEventListener('click', () => dialog.close());
  }
}

/** Ticks every countdown bar ([data-countdown] with a data-ends-at ISO time) once a second. */
export function startCountdowns(root: ParentNode): void {
  const bars = [...root.querySelectorAll<HTMLElement>('[data-countdown]')];
  if (bars.length === 0) return;
  const tick = (): void => {
    for (const bar of bars) {
      const endsAt = Date.parse(bar.dataset.endsAt ?? '');
      const output = bar.querySelector<HTMLElement>('[data-countdown-remaining]');
      if (Number.isNaN(endsAt) || output === null) continue;
      output.textContent = formatRemaining(endsAt - Date.now());
    }
  };
  tick();
  window.setInterval(tick, 1000);
}

/** "2d 04:13:09", or "04:13:09" under a day; "00:00:00" once ended. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const pad = (n: number): string => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}
