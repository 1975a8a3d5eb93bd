/** POST /api/v1/kn/pay (spec 7 payment service): pays with the authorization token from Klarna's page. */
import { payLaterPayRoute } from '@/server/checkout';

export const POST = payLaterPayRoute('klarna');
