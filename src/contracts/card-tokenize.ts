/**
 * The sandbox gateway's tokenise call (PAYMENTS.md ground rules): what the card form posts to
 * `${PAYMENTS_GATEWAY_URL}/bt/tokenize` and what comes back. The answer never carries the number.
 */
import { z } from 'zod';
import { text } from './text';

/** Digits, with the spaces or dashes the form shows between groups. */
const CardNumber = z
  .string({ error: 'Send the card number as a string.' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, { error: 'The card number must be 12 to 19 digits.' }));

/** POST body: the card as typed; the year may be two or four digits. */
export const TokenizeRequestSchema = z.object({
  number: CardNumber,
  expiryMonth: z.coerce
    .number({ error: 'The expiry month must be a number.' })
    .int({ error: 'The expiry month must be 1 to 12.' })
    .min(1, { error: 'The expiry month must be 1 to 12.' })
    .max(12, { error: 'The expiry month must be 1 to 12.' }),
  expiryYear: z.coerce
    .number({ error: 'The expiry year must be a number.' })
    .int({ error: 'The expiry year must be two or four digits.' })
    .min(0, { error: 'The expiry year must be two or four digits.' })
    .max(2099, { error: 'The expiry year must be two or four digits.' })
    .refine((year) => year < 100 || year >= 2000, { error: 'The expiry year must be two or four digits.' })
    .transform((year) => (year < 100 ? 2000 + year : year)),
  cvv: z.string({ error: 'Send the security code as a string.' }).regex(/^\d{3,4}$/, {
    error: 'The security code must be 3 or 4 digits.',
  }),
  postcode: text().trim().max(16, { error: 'The postcode is too long.' }).optional(),
});
export type TokenizeRequest = z.input<typeof TokenizeRequestSchema>;

/** 200 answer: the one-time nonce and what may be shown about the card. */
export interface TokenizeResponse {
  nonce: string;
  details: { cardType: string; lastFour: string; expiryMonth: string; expiryYear: string };
}
