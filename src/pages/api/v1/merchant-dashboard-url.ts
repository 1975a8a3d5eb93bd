/**
 * GET /api/v1/merchant-dashboard-url?merchantType= (spec 7 "/merchant-dashboard-url with query
 * merchantType"; spec 1 "Merchants have a separate dashboard, reached through a link"): where a
 * merchant of this kind signs in. MERCHANT_DASHBOARD_URL, by default this shop's own /merchant
 * dashboard, made absolute on the public origin; every kind of merchant uses the same dashboard here.
 */
import { MERCHANT_DASHBOARD_URL } from 'astro:env/server';
import { MerchantDashboardUrlQuerySchema } from '@/contracts/merchant';
import { endpoint } from '@/server/http';
import { publicOrigin } from '@/server/runtime';

export const GET = endpoint({
  who: 'anyone',
  input: MerchantDashboardUrlQuerySchema,
  area: 'merchants',
  handler: ({ input }) => {
    const url = new URL(MERCHANT_DASHBOARD_URL, `${publicOrigin()}/`);
    if (input.merchantType !== 'local') url.searchParams.set('merchantType', input.merchantType);
    return { url: url.toString(), merchantType: input.merchantType };
  },
});
