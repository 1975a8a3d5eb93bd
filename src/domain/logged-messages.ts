/**
 * spec 8 "Internal or logged": the log lines the spec quotes, once, keyed by meaning and quoted
 * exactly. They are never shown to a shopper. (The deal-path parser's own messages live with it in
 * ./page-type.ts; where each of these is written is docs/decisions/060.)
 */
export const LOGGED = {
  /** A new basket could not be made (spec 8; not shown to the user). */
  basketCreationFailed: 'Basket Creation Failed',
  /** A basket change the shopper asked for failed (spec 8; not shown to the user). */
  basketOperationFailed: 'Basket token or operation failed.',
  /** spec 8 "A basket token mismatch is logged with both tokens and repaired" (tokens as pseudonyms). */
  basketTokenMismatch: 'basket token mismatch',
  /** spec 8 "Menu load failure logs a warning". */
  menuLoadFailed: 'menu load failed',
} as const;
