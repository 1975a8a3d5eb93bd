/** POST /api/v1/cp/pay (spec 7 payment service): pays with the order token from Clearpay's page. */
import { payLaterPayRoute } from '@/server/http';

export const POST = payLaterPayRoute('clearpay');
