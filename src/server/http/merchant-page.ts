/**
 * What every merchant dashboard page needs (docs/decisions/024-merchant-dashboard-and-evidenced-savings.md):
 * the signed-in account, its membership of the merchant in the path (a stranger gets the same 404 as a
 * merchant that does not exist), the header, and the database. The middleware has already sent guests to the login page (the dashboard
 * page type has the account layout).
 */

import type { AstroGlobal } from 'astro';
import { DbIdInputSchema } from '@/contracts/text';
import type { UserRow } from '@/server/accounts/schema';
import type { HeaderData } from '@/server/catalog';
import { type Db, getDb } from '@/server/db';
import { type Membership, retrieveMembership } from '@/server/merchants';
import { loadHeader } from '@/server/page-chrome';
import { currentUser } from './session';

export interface MerchantPage {
  user: UserRow;
  membership: Membership;
  db: Db;
  header: HeaderData;
}

/** The page's context, or the Response to send instead (the login page, or the 404 page). */
export async function loadMerchantPage(astro: AstroGlobal): Promise<MerchantPage | Response> {
  const user = await currentUser(astro);
  if (user === null) {
    const target = `${astro.url.pathname}${astro.url.search}`;
    return astro.redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
  }
  const merchantId = DbIdInputSchema.safeParse(astro.params.merchantId);
  if (!merchantId.success) return astro.rewrite('/404');
  const { db } = await getDb();
  const membership = await retrieveMembership(db, user.id, merchantId.data);
  if (membership === null) return astro.rewrite('/404');
  return { user, membership, db, header: await loadHeader(astro.locals) };
}
