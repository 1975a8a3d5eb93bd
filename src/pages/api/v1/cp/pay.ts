/** POST /api/v1/cp/pay (spec 7 payment service): pays with the order token from Clearpay's page. */
import { payLaterPayRoute } from '@/server/checkout';

export const POST = payLaterPayRoute('clearpay');
