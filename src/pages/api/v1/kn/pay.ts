/** POST /api/v1/kn/pay (spec 7 payment service): pays with the authorization token from Klarna's page. */
import { payLaterPayRoute } from '@/server/http';

export const POST = payLaterPayRoute('klarna');
