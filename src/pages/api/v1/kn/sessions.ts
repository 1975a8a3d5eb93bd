/** POST /api/v1/kn/sessions (spec 7 payment service): opens a Klarna session for the basket and answers its approval page. */
import { payLaterSessionRoute } from '@/server/http';

export const POST = payLaterSessionRoute('klarna');
