/**
 * A POST to a shop endpoint from a browser holding the cookies of `jar` (the consent cookie, campaign
 * and experiment cookies), for the stories about what an endpoint stores and which cookies it sets:
 * every cookie it sets is recorded with its Max-Age (and HttpOnly), every one it deletes is named.
 * `keep` also writes them back into the jar, as a browser would for its next call; `guestOrders`
 * gives the call a guest's session holding those orders.
 */
import type { APIContext } from 'astro';

export interface SetCookie {
  value: string;
  maxAge?: number;
  httpOnly?: boolean;
}

export interface CookieCallOptions {
  jar?: Record<string, string>;
  contentType?: string;
  keep?: boolean;
  guestOrders?: number[];
}

export function postWithCookies(
  pathname: string,
  body: unknown,
  { jar = {}, contentType = 'application/json', keep = false, guestOrders }: CookieCallOptions = {},
): { context: APIContext; set: Map<string, SetCookie>; removed: string[] } {
  const set = new Map<string, SetCookie>();
  const removed: string[] = [];
  const url = new URL(`http://localhost${pathname}`);
  const context = {
    url,
    clientAddress: '203.0.113.9',
    locals: { brand: 'tuppence' },
    params: {},
    request: new Request(url, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': contentType },
    }),
    cookies: {
      get: (name: string) => (name in jar ? { value: jar[name] } : undefined),
      has: (name: string) => name in jar,
      set: (name: string, value: string, options: { maxAge?: number; httpOnly?: boolean } = {}) => {
        set.set(name, { value, maxAge: options.maxAge, httpOnly: options.httpOnly });
        if (keep) jar[name] = value;
      },
      delete: (name: string) => {
        removed.push(name);
        if (keep) delete jar[name];
      },
    },
    session:
      guestOrders === undefined
        ? undefined
        : { get: async (key: string) => (key === 'guestOrders' ? guestOrders : undefined) },
  } as unknown as APIContext;
  return { context, set, removed };
}
