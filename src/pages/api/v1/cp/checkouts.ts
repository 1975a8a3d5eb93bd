/** POST /api/v1/cp/checkouts (spec 7 payment service): opens a Clearpay checkout for the basket and answers its approval page. */
import { payLaterSessionRoute } from '@/server/http';

export const POST = payLaterSessionRoute('clearpay');
