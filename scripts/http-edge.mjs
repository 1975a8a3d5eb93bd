/**
 * The HTTP edge in front of the built site, used by scripts/start.mjs:
 * refuses a Host that is not one of this shop's names (400), answers TRACE, TRACK and other unknown
 * methods with 405 and an Allow header, and gives every response, static files included, the
 * security headers. Allowed names are read at run time: SITE_URL's host, localhost and 127.0.0.1
 * (local runs), HOST when it names one address, and ALLOWED_HOSTS (comma-separated host names).
 * Links are built from SITE_URL, never from the Host; a foreign or malformed Host (`user@evil.example`)
 * is refused here, before the site sees it.
 */

import { SHOP_LOCAL_ORIGIN } from '../src/contracts/local-addresses.mjs';

/** The methods the shop's routes answer; anything else is a 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Browsers keep to HTTPS for a year, subdomains included (production builds only; npm start serves one). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The host names requests may name, lower case, without ports. */
export function allowedHostNames(env = process.env) {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  try {
    names.add(new URL(env.SITE_URL || SHOP_LOCAL_ORIGIN).hostname.toLowerCase());
  } catch {
    // An unparsable SITE_URL allows nothing more (the site refuses it at its first page too).
  }
  // The address npm start listens on, when it is one (not 0.0.0.0 / ::).
  const listen = (env.HOST ?? '').toLowerCase();
  if (listen && listen !== '0.0.0.0' && listen !== '::') names.add(listen.includes(':') ? `[${listen}]` : listen);
  for (const name of (env.ALLOWED_HOSTS ?? '').split(',')) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) names.add(trimmed);
  }
  return names;
}

/** The host name of a Host header, or null when it is not a plain `name[:port]` (e.g. `user@evil.example`). */
export function hostNameOf(header) {
  if (typeof header !== 'string') return null;
  const match = /^([a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i.exec(header.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

/**
 * The headers every response carries, static files (dist/client) included. Set before
 * the site handles the request; pages and APIs may set their own on top (the middleware sets the same).
 */
export function setStaticSecurityHeaders(res) {
  res.setHeader('Strict-Transport-Security', HSTS);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  res.setHeader('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
  // A meta policy cannot say who may frame the page; this header can (with X-Frame-Options for old
  // browsers; docs/decisions/032).
  res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
}

function refuse(req, res, status, message, headers = {}) {
  const isApi = (req.url ?? '').startsWith('/api/');
  res.writeHead(status, {
    ...headers,
    'Content-Type': isApi ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(isApi ? JSON.stringify({ message, status }) : `${message}\n`);
}

/** Wraps the site's Node handler `(req, res) => void` with the checks above. */
export function createEdgeHandler(siteHandler, env = process.env) {
  const hosts = allowedHostNames(env);
  return (req, res) => {
    setStaticSecurityHeaders(res);
    if (!ALLOWED_METHODS.includes(req.method ?? '')) {
      refuse(req, res, 405, 'Method not allowed.', { Allow: ALLOWED_METHODS.join(', ') });
      return;
    }
    const name = hostNameOf(req.headers.host);
    if (name === null || !hosts.has(name)) {
      refuse(req, res, 400, 'Unknown host.');
      return;
    }
    siteHandler(req, res);
  };
}

/**
 * Methods Node's parser does not know at all (TRACK, made-up ones) never reach the handler: answer
 * them 405 with Allow too, and any other unparsable request 400, as Node would.
 */
export function answerClientError(error, socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const head =
    error.code === 'HPE_INVALID_METHOD'
      ? `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOWED_METHODS.join(', ')}\r\n`
      : 'HTTP/1.1 400 Bad Request\r\n';
  socket.end(
    `${head}Strict-Transport-Security: ${HSTS}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}
