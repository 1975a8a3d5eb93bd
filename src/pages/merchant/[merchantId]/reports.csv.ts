/**
 * GET /merchant/{id}/reports.csv (decision 024): the report by deal and month as a CSV download,
 * for members of the merchant only (anyone else: 404, as for a merchant that does not exist).
 */

import type { APIRoute } from 'astro';
import { DbIdInputSchema } from '@/contracts/text';
import { reportCsv } from '@/domain/merchant-reports';
import { getDb } from '@/server/db';
import { currentUser } from '@/server/http';
import { merchantReport, retrieveMembership } from '@/server/merchants';

export const GET: APIRoute = async (context) => {
  const user = await currentUser(context);
  if (user === null) return context.redirect(`/login?redirect=${encodeURIComponent(context.url.pathname)}`, 302);
  const merchantId = DbIdInputSchema.safeParse(context.params.merchantId);
  const { db } = await getDb();
  const membership = merchantId.success ? await retrieveMembership(db, user.id, merchantId.data) : null;
  if (membership === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const now = new Date();
  const csv = reportCsv(await merchantReport(db, membership.merchantId, now));
  const day = now.toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="tuppence-report-${membership.merchantId}-${day}.csv"`,
    },
  });
};
