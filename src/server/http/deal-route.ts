/**
 * Every deal path the spec 2 rules accept is served (docs/decisions/029-travel-dates-flights-and-every-deal-path.md).
 * `/deal/{id}[/{productId}]` is the canonical page; any other path that `domain/page-type` classifies as a deal page
 * (`/deals/{location}/{id}`, `/travel/{id}`, `/shop/{id}`, `/escapes/{id}`, `/near-me/{id}`,
 * `/email-deal(s)/...`) answers with a 301 to it, keeping the query (hotel deep links, campaign
 * parameters). An evergreen path (`.../e/{slug}`) shows the deal its slug points at now, through
 * the evergreen mapping; without one it is spec 8's "dealIdOverride must be specified on Evergreen
 * path" (logged) and a 404.
 */

import { OPERATOR_TOKEN } from 'astro:env/server';
import type { AstroGlobal } from 'astro';
import { PathRuleError, resolveDealFeedPath, resolvePageType } from '@/domain/page-type';
import { getDb } from '@/server/db';
import { logError } from '@/server/log';
import { retrieveMembership } from '@/server/merchants';
import { resolveEvergreenDeal } from '@/server/travel';
import { editorAccess } from './editor-access';
import { currentUser } from './session';

/** The evergreen slug of a path: the segments after the `e` marker, or null when it has none. */
export function evergreenSlugOf(pathname: string): string | null {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const at = segments.indexOf('e');
  if (at < 0) return null;
  const slug = segments.slice(at + 1).join('/');
  return slug === '' ? null : slug;
}

/** The canonical deal URL for a path that names a deal, keeping the query; null when the path names none. */
export function canonicalDealLocation(pathname: string, search: string): string | null {
  let info: ReturnType<typeof resolvePageType>;
  try {
    info = resolvePageType(pathname);
  } catch (error) {
    if (error instanceof PathRuleError) return null;
    throw error;
  }
  if (info.pageType !== 'deal' || info.isEvergreen || info.dealId === undefined) return null;
  const product = info.productId === undefined ? '' : `/${info.productId}`;
  return `/deal/${info.dealId}${product}${search}`;
}

/**
 * Answers a deal path that is not the canonical /deal page: a 301 to it, the evergreen deal's page
 * (rewritten, so the evergreen URL keeps working as the live deal changes), a 404 for an evergreen
 * path with no live deal, or null when the path is not a deal path (a listing: the caller carries on).
 */
export async function answerDealPath(astro: AstroGlobal): Promise<Response | null> {
  const { pathname, search } = astro.url;
  const target = canonicalDealLocation(pathname, search);
  if (target !== null) return astro.redirect(target, 301);
  let isEvergreen = false;
  try {
    isEvergreen = resolvePageType(pathname).isEvergreen;
  } catch (error) {
    if (error instanceof PathRuleError) return null;
    throw error;
  }
  if (!isEvergreen) return null;
  const slug = evergreenSlugOf(pathname);
  const { db } = await getDb();
  const dealId = slug === null ? null : await resolveEvergreenDeal(db, slug);
  try {
    // spec 7 deals by path with a deal id override; spec 8 when the evergreen mapping has none.
    const feed = resolveDealFeedPath({ path: pathname, ...(dealId === null ? {} : { dealIdOverride: dealId }) });
    return astro.rewrite(`/deal/${feed.dealId}${search}`);
  } catch (error) {
    if (!(error instanceof PathRuleError)) throw error;
    logError('deal-route', `${error.message}: ${pathname}`, error);
    return astro.rewrite('/404');
  }
}

/**
 * Who may see a deal that is not live yet (/preview-deal/{id}, ?dealPreview): an operator
 * (the operator token as a bearer header, or a signed-in content editor) or a member of the deal's
 * own merchant. Everyone else gets the 404 an unknown deal gets.
 */
export async function canPreviewDeal(astro: AstroGlobal, merchantId: number): Promise<boolean> {
  if (OPERATOR_TOKEN && astro.request.headers.get('authorization') === `Bearer ${OPERATOR_TOKEN}`) return true;
  const user = await currentUser(astro);
  if (user === null) return false;
  const { db } = await getDb();
  if ((await retrieveMembership(db, user.id, merchantId)) !== null) return true;
  return (await editorAccess(astro)).kind === 'editor';
}

/** spec 2 dealPreview: the query flag is set (any value but false, 0 or no). */
export function isDealPreviewAsked(query: URLSearchParams): boolean {
  const value = query.get('dealPreview');
  return value !== null && !['false', '0', 'no'].includes(value.toLowerCase());
}

/**
 * The rest of an alias path (`Astro.params.path`, already decoded) under another root, for
 * `Astro.rewrite`: each segment encoded again, so a segment that decodes to a bare "%" (from
 * "%25") or any other character cannot make the rewrite's own decoding throw.
 */
export function aliasTarget(root: string, rest: string | undefined, search: string): string {
  const tail = (rest ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => `/${encodeURIComponent(segment)}`)
    .join('');
  return `${root}${tail}${search}`;
}
