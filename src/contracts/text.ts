/**
 * Building blocks for every contract field that reaches SQL: text that PostgreSQL can
 * store, and ids that fit the integer columns they are looked up in. A NUL character or an id past
 * int4 used to reach the database and come back as a 500; here it is a 400 that says what was wrong.
 */
import { z } from 'zod';
import { isWebUrl } from '@/domain/absolute-url';

/** PostgreSQL text cannot hold U+0000. */
const NUL = String.fromCharCode(0);

/** What a caller reads when a field holds a NUL character. */
export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000).';

/** The largest value of a PostgreSQL `integer` (int4) column: every serial id in the shop. */
export const INT4_MAX = 2_147_483_647;

/** True when a string holds a NUL character (for readers that do not go through a schema). */
export function hasNul(value: string): boolean {
  return value.includes(NUL);
}

/** A form field or path segment as text: '' when it is missing, a file, or holds a NUL character. */
export function plainText(value: unknown): string {
  return typeof value === 'string' && !hasNul(value) ? value : '';
}

/** A string field bound for SQL: `z.string(params)` that refuses NUL characters. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasNul(value), { error: NUL_MESSAGE });
}

/** A row id in a JSON body: a whole number from 1 to int4's maximum. */
export const DbIdSchema = z.number().int().min(1).max(INT4_MAX);

/** A row id from a path segment, query string or form field ("42"), with the same bounds. */
export const DbIdInputSchema = z.coerce.number().pipe(DbIdSchema);

/**
 * An optional text field of a form posted to an Astro Action: '' when it is left empty or absent.
 * Astro reads an empty form field as null (and a `.default('')` only covers undefined), so a
 * blank optional field would otherwise fail the contract with a message no shopper should read.
 */
export function blankable<T extends z.ZodType<string, string>>(schema: T) {
  return z.preprocess((value) => value ?? '', schema);
}

/**
 * A URL one app hands another to send the shopper to (a provider's page's way back to the shop):
 * absolute http(s), at most 2,000 characters; `message` says what was expected.
 */
export function webUrl(message: string) {
  return text({ error: message }).max(2000, { error: message }).refine(isWebUrl, { error: message });
}
