/**
 * Fills a personal deal page (/recently-viewed, /recommended-for-you; decision 022) from
 * /partials/personal-rail with view=grid: the page itself is shared, the list is this browser's.
 * Shows the empty state when there is nothing, and "Sorry, something went wrong" text on failure.
 */
import { MESSAGES } from '@/domain/messages';
import { readRecentIds } from './recent-ids';

async function load(rail: string, page: number): Promise<string | null> {
  const query = new URLSearchParams({ rail, view: 'grid', page: String(page) });
  const viewed = readRecentIds(15);
  if (viewed.length > 0) query.set('viewed', viewed.join(','));
  const response = await fetch(`/partials/personal-rail?${query}`, { credentials: 'same-origin' });
  if (response.status === 204) return '';
  if (!response.ok) throw new Error(`personal grid answered ${response.status}`);
  return response.text();
}

export async function fillPersonalGrid(root: HTMLElement): Promise<void> {
  const rail = root.dataset.personalGrid ?? '';
  const list = root.querySelector<HTMLElement>('[data-grid-list]');
  const empty = root.querySelector<HTMLElement>('[data-grid-empty]');
  const status = root.querySelector<HTMLElement>('[data-grid-status]');
  const more = root.querySelector<HTMLButtonElement>('[data-grid-more]');
  if (!list || !empty || !status) return;
  try {
    const html = await load(rail, 0);
    status.textContent = '';
    if (html === null || html.trim() === '') {
      empty.hidden = false;
      return;
    }
    list.innerHTML = html;
    const shown = list.querySelectorAll('article').length;
    if (more && rail === 'recommended' && shown >= 25) {
      more.hidden = false;
      more.addEventListener(
        'click',
        async () => {
          more.disabled = true;
          try {
            const next = await load(rail, 1);
            if (next) list.insertAdjacentHTML('beforeend', next);
            more.hidden = true;
          } catch {
            more.disabled = false;
            status.textContent = MESSAGES.somethingWentWrong;
          }
        },
        { once: true },
      );
    }
  } catch (error) {
    console.warn(`[rails] ${rail} page not loaded`, error);
    status.textContent = MESSAGES.somethingWentWrong;
  }
}
