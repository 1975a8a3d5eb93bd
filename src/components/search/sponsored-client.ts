/**
 * The browser's side of sponsored search (spec 7 sponsored session and event). The
 * session id is kept in localStorage, so one visitor keeps one session; spec 7: a sponsored call's
 * failure is logged and answers false (or no session), never an error on the page.
 */
const SESSION_KEY = 'tuppence:sponsored-session';

async function post(path: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    console.warn('[sponsored]', error);
    return null;
  }
}

function stored(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

let pending: Promise<string | null> | null = null;

/** The visitor's sponsored session id: kept (and refreshed) or started; null when the call fails. */
export function sponsoredSession(): Promise<string | null> {
  pending ??= (async () => {
    const known = stored();
    const response = await post('/api/v1/sponsored/customer', known === null ? {} : { sessionId: known });
    const body = (await response?.json().catch(() => null)) as { sessionId?: unknown } | null;
    if (!response?.ok || typeof body?.sessionId !== 'string') {
      console.warn('[sponsored] no session', response?.status);
      return null;
    }
    try {
      localStorage.setItem(SESSION_KEY, body.sessionId);
    } catch {
      // Not kept: the next page starts another session.
    }
    return body.sessionId;
  })();
  return pending;
}

/** Records impressions or clicks; false when the call failed (logged). */
export async function recordSponsored(event: {
  sessionId: string;
  type: 'impression' | 'click';
  adIds: string[];
  dealIds: number[];
}): Promise<boolean> {
  const response = await post('/api/v1/sponsored/impressionAndClick', event);
  if (!response?.ok) console.warn('[sponsored] event not recorded', response?.status);
  return response?.ok ?? false;
}
