/**
 * Hand-written readers for the few answers browse-page islands read (decision 018: no zod in
 * browse-page islands, where zod's core alone is about 15 KB gzipped). Same surface as the zod
 * schemas they replace (`parse`, `safeParse`), and like zod objects they keep only the named keys.
 */
export type Field<T> = (value: unknown) => { ok: true; value: T } | { ok: false };

export interface PlainReader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
  parse(value: unknown): T;
}

export const string: Field<string> = (value) => (typeof value === 'string' ? { ok: true, value } : { ok: false });
export const boolean: Field<boolean> = (value) => (typeof value === 'boolean' ? { ok: true, value } : { ok: false });

/** An object with exactly these fields read (others dropped). */
export function object<T extends object>(fields: { [K in keyof T]: Field<T[K]> }): Field<T> {
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields) as [string, Field<unknown>][]) {
      const read = field((value as Record<string, unknown>)[key]);
      if (!read.ok) return { ok: false };
      out[key] = read.value;
    }
    return { ok: true, value: out as T };
  };
}

export function reader<T>(field: Field<T>): PlainReader<T> {
  return {
    safeParse(value) {
      const read = field(value);
      return read.ok ? { success: true, data: read.value } : { success: false };
    },
    parse(value) {
      const read = field(value);
      if (!read.ok) throw new TypeError('The answer does not have the expected shape.');
      return read.value;
    },
  };
}
