/**
 * What every operator page's script shares (decision 021): the token the operator typed, kept in
 * session storage for this tab only; calls to /api/internal with it, a refusal's message thrown as
 * an Error; and the status line that says how a call went.
 */
const TOKEN_KEY = 'tuppence.operatorToken';

export const hasToken = (): boolean => (sessionStorage.getItem(TOKEN_KEY) ?? '') !== '';

/** Says `text` in the page's status line (a polite live region). */
export function say(text: string): void {
  const status = document.querySelector<HTMLElement>('[data-status]');
  if (status) status.textContent = text;
}

/** Calls /api/internal/{path} as the operator; throws the answer's message when it is refused. */
export async function callInternal<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/internal/${path}`, {
    ...init,
    headers: {
      Authorization: `Bearer ${sessionStorage.getItem(TOKEN_KEY) ?? ''}`,
      'Content-Type': 'application/json',
      Accept: 'application/json',
    },
  });
  const body = (await response.json().catch(() => ({}))) as T & { message?: unknown };
  if (!response.ok) throw new Error(String(body.message ?? `HTTP ${response.status}`));
  return body;
}

/** Keeps the token the operator types, then runs `then` (loading the page's lists, or saying it is kept). */
export function onTokenEntered(then: () => void): void {
  document.querySelector<HTMLFormElement>('[data-token-form]')?.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = document.querySelector<HTMLInputElement>('#operator-token');
    sessionStorage.setItem(TOKEN_KEY, input?.value ?? '');
    then();
  });
}
